// Quotes the customer approves online (docs/rules/quote-approval.md): sending, the page, answers, the signed PDF,
// versions, converting and expiry.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalResponse } from '../../../contracts/customer-portal';
import { portalTokenFromAddress } from '../../../contracts/customer-portal';
import type { Estimate, PublicQuote } from '../../../contracts/estimates';
import { estimates, invoiceLineItems, invoices, messages, notifications, outbox, smsOptOuts, workOrderLineItems, workOrders } from '../../db/schema/index';
import { expireQuotes } from '../../jobs/expire-quotes';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, pdfText, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t, { name: 'Oak Street Plumbing', email: 'office@oak.example', phone: '5553331234' });
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const SIGNATURE = { width: 400, height: 160, strokes: [[[20, 120], [60, 40], [100, 120], [140, 40]], [[200, 80]]] };
const future = () => new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

async function estimate(kit: OrgKit, body: Record<string, unknown> = {}): Promise<Estimate> {
  const res = await t.call({
    method: 'POST',
    url: '/api/estimates',
    cookie: kit.admin,
    payload: {
      customerId: kit.customerId,
      title: 'Water heater replacement',
      lineItems: [
        { description: '50 gal heater', quantity: 1, rate: '1200.00' },
        { description: 'Labor', quantity: 3, rate: '33.33' },
        { description: 'Expansion tank', quantity: 1, rate: '0.10', optional: true },
        { description: 'Haul away old unit', quantity: 1, rate: '0.20', optional: true },
      ],
      tax: '10.00',
      validUntil: future(),
      terms: '50% due on approval.',
      ...body,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const send = (kit: OrgKit, id: number, body: object = { email: true }, cookie = kit.admin) =>
  t.call({ method: 'POST', url: `/api/estimates/${id}/send-for-approval`, cookie, payload: body });

async function sent(kit: OrgKit, body: Record<string, unknown> = {}) {
  const est = await estimate(kit, body);
  const res = await send(kit, est.id);
  expect(res.statusCode).toBe(200);
  const { approvalUrl } = res.json() as { approvalUrl: string };
  return { est, token: approvalUrl.split('/quote/')[1] };
}

const open = (token: string) => t.call({ method: 'POST', url: `/api/public/quotes/${token}/open` });
const answer = (token: string, what: 'approve' | 'decline' | 'request-changes', payload: object) =>
  t.call({ method: 'POST', url: `/api/public/quotes/${token}/${what}`, payload, headers: { 'user-agent': 'QuoteTest/1.0' } });
const getEstimate = async (kit: OrgKit, id: number): Promise<Estimate> => (await t.call({ url: `/api/estimates/${id}`, cookie: kit.admin })).json();

describe('sending for approval', () => {
  it('e-mails the quote page link with the PDF; the draft becomes sent, and Messaging masks the link', async () => {
    const est = await estimate(a);
    expect(est.approvalPath).toBeNull();
    const res = await send(a, est.id);
    expect(res.statusCode).toBe(200);
    const { approvalUrl, estimate: after } = res.json() as { approvalUrl: string; estimate: Estimate };
    expect(approvalUrl).toMatch(/\/quote\/[A-Za-z0-9_-]{32}$/);
    expect(after).toMatchObject({ status: 'sent', approvalPath: new URL(approvalUrl).pathname });
    expect(after.sentAt).not.toBeNull();
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'pat@example.com')).orderBy(desc(outbox.id)).limit(1);
    expect(mail.text).toContain(`Review and approve it online (you can also decline or ask for changes): ${approvalUrl}`);
    expect(mail.html).toContain('Review and approve');
    const [kept] = await t.database.db.select().from(messages).where(eq(messages.organizationId, a.org.id)).orderBy(desc(messages.id)).limit(1);
    expect(kept.content).not.toContain(approvalUrl);

    // Sending again keeps the same page: every message of one version opens it.
    const again = (await send(a, est.id)).json() as { approvalUrl: string };
    expect(again.approvalUrl).toBe(approvalUrl);
  });

  it('texts the link when asked; a customer without a mobile number, or an estimate without lines, is refused before anything is sent', async () => {
    const withPhone = await createCustomer(t, a.org.id, { name: 'Sam Phone', email: null, phone: '(555) 555-0142' });
    const est = await estimate(a, { customerId: withPhone.id });
    const noEmail = await send(a, est.id, { email: true, sms: true });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().issues).toEqual([{ path: 'email', message: 'The customer has no e-mail address' }]);
    const res = await send(a, est.id, { email: false, sms: true });
    expect(res.statusCode).toBe(200);
    const [text] = await t.database.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.to, '+15555550142'))).limit(1);
    expect(text.text).toMatch(/^Oak Street Plumbing: your service quote EST-\d{5} for \$1,309\.99 is ready\. Review and approve it here: http.*\/quote\//);
    expect((res.json() as { estimate: Estimate }).estimate.status).toBe('sent');

    const noPhone = await estimate(a);
    const refused = await send(a, noPhone.id, { email: true, sms: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'sms', message: 'The customer has no mobile number to text' }]);
    const nothing = await createCustomer(t, a.org.id, { name: 'No Contact', email: null, phone: null });
    const both = await send(a, (await estimate(a, { customerId: nothing.id })).id, { email: true, sms: true });
    expect(both.json().issues).toEqual([
      { path: 'email', message: 'The customer has no e-mail address' },
      { path: 'sms', message: 'The customer has no mobile number to text' },
    ]);
    expect((await getEstimate(a, noPhone.id)).status).toBe('draft');

    const empty = await estimate(a, { lineItems: [] });
    expect((await send(a, empty.id)).json().issues).toEqual([{ path: 'lineItems', message: 'Add at least one line item before sending for approval' }]);
    expect((await send(a, est.id, { email: false, sms: false })).statusCode).toBe(400);
  });

  it('refuses to text a customer whose number answered STOP, before the e-mail goes (docs/rules/messaging.md#sms-opt-outs)', async () => {
    const stopped = await createCustomer(t, a.org.id, { name: 'Stop Texting', email: 'stop@example.com', phone: '5555550144' });
    await t.database.db.insert(smsOptOuts).values({ phone: '+15555550144', keyword: 'STOP' }).onConflictDoNothing();
    const est = await estimate(a, { customerId: stopped.id });
    const refused = await send(a, est.id, { email: true, sms: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'sms', message: 'The customer has opted out of text messages (they replied STOP)' }]);
    expect(await t.database.db.select().from(outbox).where(inArray(outbox.to, ['stop@example.com', '+15555550144']))).toEqual([]);
    expect((await send(a, est.id, { email: true, sms: false })).statusCode).toBe(200);
  });

  it("another organization's estimate is a 404; an employee may send, not convert", async () => {
    const est = await estimate(a);
    expect((await send(b, est.id)).statusCode).toBe(404);
    expect((await send(a, est.id, { email: true }, a.employee)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: `/api/estimates/${est.id}/convert`, cookie: a.employee, payload: { invoice: true } })).statusCode).toBe(403);
  });
});

describe('the quote page', () => {
  it('shows the organization, the items with the optional ones unticked, totals and terms; the first open marks it viewed', async () => {
    const { est, token } = await sent(a);
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    const page = res.json() as PublicQuote;
    expect(page).toMatchObject({
      organization: { name: 'Oak Street Plumbing', email: 'office@oak.example' },
      word: 'Service Quote',
      estimateNumber: est.estimateNumber,
      customerName: 'Pat Customer',
      status: 'viewed',
      subtotal: '1299.99',
      tax: '10.00',
      total: '1309.99',
      terms: '50% due on approval.',
      canRespond: true,
      approval: null,
    });
    expect(page.lineItems.map((l) => [l.description, l.optional, l.selected])).toEqual([
      ['50 gal heater', false, true],
      ['Labor', false, true],
      ['Expansion tank', true, false],
      ['Haul away old unit', true, false],
    ]);
    const viewed = await getEstimate(a, est.id);
    expect(viewed.status).toBe('viewed');
    expect(viewed.viewedAt).not.toBeNull();
    // A second open (another tab) writes nothing: the revision the first tab holds stays good.
    expect(((await open(token)).json() as PublicQuote).revision).toBe(page.revision);
    expect(Object.keys(page)).not.toContain('organizationId');
  });

  it('an unknown token is a 404, whatever it looks like', async () => {
    expect((await open('x'.repeat(32))).statusCode).toBe(404);
    expect((await open('bad%20token!')).json()).toMatchObject({ message: 'Quote not found' });
  });
});

describe('answers', () => {
  it('approval with a name, a signature and the optional items ticked: totals follow, staff are told, the quote locks', async () => {
    const { est, token } = await sent(a);
    const page = (await open(token)).json() as PublicQuote;
    const tank = page.lineItems.find((l) => l.description === 'Expansion tank')!;
    const res = await answer(token, 'approve', { signerName: '  Pat Customer ', signature: SIGNATURE, selectedOptionalIds: [tank.id], revision: page.revision });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', canRespond: false, subtotal: '1300.09', total: '1310.09', approval: { signerName: 'Pat Customer', total: '1310.09' } });

    const after = await getEstimate(a, est.id);
    expect(after).toMatchObject({ status: 'approved', total: '1310.09' });
    expect(after.responses).toHaveLength(1);
    expect(after.responses[0]).toMatchObject({ kind: 'approved', version: 1, signerName: 'Pat Customer', total: '1310.09', signature: SIGNATURE });
    // The request's address as Fastify saw it (light-my-request's 127.0.0.1).
    expect(after.responses[0].ip).toBe('127.0.0.1');
    expect(after.lineItems.filter((l) => l.optional).map((l) => l.selected)).toEqual([true, false]);

    const bells = await t.database.db.select().from(notifications).where(and(eq(notifications.organizationId, a.org.id), eq(notifications.type, 'quote_approved')));
    expect(bells.length).toBeGreaterThanOrEqual(2);
    expect(bells[0]).toMatchObject({ title: `Pat Customer approved ${est.estimateNumber}`, link: `/estimates?open=${est.id}` });
    await expect.poll(async () => (await t.database.db.select().from(outbox).where(eq(outbox.to, 'office@oak.example'))).map((m) => m.subject)).toContain(`Service Quote ${est.estimateNumber} approved by Pat Customer`);

    // Approved: the same values again are fine; any change is a 409, the notes too (the signed PDF prints them).
    const put = (payload: object) => t.call({ method: 'PUT', url: `/api/estimates/${est.id}`, cookie: a.admin, payload });
    expect((await put({ title: after.title, notes: after.notes })).statusCode).toBe(200);
    expect((await put({ notes: 'Call before arriving' })).statusCode).toBe(409);
    const reprice = await put({ lineItems: [{ description: '50 gal heater', quantity: 1, rate: '9999.00' }] });
    expect(reprice.statusCode).toBe(409);
    expect(reprice.json().message).toBe('An approved estimate cannot be changed. Create a new version to change it.');
    expect((await put({ status: 'draft' })).statusCode).toBe(409);
    expect((await getEstimate(a, est.id)).total).toBe('1310.09');

    // Answering twice is refused.
    const twice = await answer(token, 'approve', { signerName: 'Pat Customer', signature: SIGNATURE, revision: page.revision });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This service quote has already been approved.');
  });

  it('the signed PDF shows the signature block: name, time and IP address', async () => {
    const { est, token } = await sent(a);
    const page = (await open(token)).json() as PublicQuote;
    expect((await answer(token, 'approve', { signerName: 'Jordan Signer', signature: SIGNATURE, revision: page.revision })).statusCode).toBe(200);
    const pdf = await t.call({ url: `/api/public/quotes/${token}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('APPROVED AND SIGNED');
    expect(text).toContain('Jordan Signer');
    expect(text).toMatch(/Signed \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC from IP address \S+/);
    expect(text).toContain('Expansion tank (optional, not included)');
    expect(text).toContain('50% due on approval.');
    // Staff download the same signed document.
    const staff = await t.call({ url: `/api/estimates/${est.id}/pdf`, cookie: a.admin });
    expect(await pdfText(staff.rawPayload)).toContain('Jordan Signer');
  });

  it('refuses an answer to anything but what the customer saw, a stray item, a blank name or an empty signature', async () => {
    const { est, token } = await sent(a);
    const page = (await open(token)).json() as PublicQuote;
    const heater = page.lineItems[0];
    const stray = await answer(token, 'approve', { signerName: 'Pat', signature: SIGNATURE, selectedOptionalIds: [heater.id], revision: page.revision });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().issues).toEqual([{ path: 'selectedOptionalIds', message: 'Only optional items can be chosen' }]);
    const blank = await answer(token, 'approve', { signerName: ' ', signature: { ...SIGNATURE, strokes: [] }, revision: page.revision });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues.map((i: { path: string }) => i.path).sort()).toEqual(['signature.strokes', 'signerName']);

    // Staff change the quote while the customer has it open: the old page's answer is a 409, a reload answers.
    expect((await t.call({ method: 'PUT', url: `/api/estimates/${est.id}`, cookie: a.admin, payload: { tax: '12.00' } })).statusCode).toBe(200);
    const stale = await answer(token, 'approve', { signerName: 'Pat', signature: SIGNATURE, revision: page.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This service quote changed since you opened it. Reload the page to see the latest version.');
    const fresh = (await open(token)).json() as PublicQuote;
    expect(fresh.total).toBe('1311.99');
    expect((await answer(token, 'approve', { signerName: 'Pat', signature: SIGNATURE, revision: fresh.revision })).statusCode).toBe(200);
  });

  it('declining takes a reason; asking for changes reopens the quote to send again', async () => {
    const declined = await sent(a);
    let page = (await open(declined.token)).json() as PublicQuote;
    expect((await answer(declined.token, 'decline', { reason: '', revision: page.revision })).json().issues).toEqual([{ path: 'reason', message: 'Tell us why' }]);
    const res = await answer(declined.token, 'decline', { reason: 'Went with another plumber', revision: page.revision });
    expect(res.json()).toMatchObject({ status: 'declined', canRespond: false });
    expect((await getEstimate(a, declined.est.id)).responses[0]).toMatchObject({ kind: 'declined', message: 'Went with another plumber' });
    expect((await send(a, declined.est.id)).statusCode).toBe(409);

    const changes = await sent(a);
    page = (await open(changes.token)).json() as PublicQuote;
    const asked = await answer(changes.token, 'request-changes', { message: 'Can you do it on a Saturday?', revision: page.revision });
    expect(asked.json()).toMatchObject({ status: 'changes_requested', canRespond: true });
    const bell = await t.database.db.select().from(notifications).where(and(eq(notifications.organizationId, a.org.id), eq(notifications.type, 'quote_changes_requested')));
    expect(bell[0]).toMatchObject({ body: 'Can you do it on a Saturday?' });
    await t.call({ method: 'PUT', url: `/api/estimates/${changes.est.id}`, cookie: a.admin, payload: { notes: 'Saturday visit' } });
    expect(((await send(a, changes.est.id)).json() as { estimate: Estimate }).estimate.status).toBe('sent');
    page = (await open(changes.token)).json() as PublicQuote;
    expect((await answer(changes.token, 'approve', { signerName: 'Pat', signature: SIGNATURE, revision: page.revision })).statusCode).toBe(200);
  });

  it('past its valid-until date the quote is expired: the page says so and refuses answers; the job marks it', async () => {
    const { est, token } = await sent(a);
    await t.database.db.update(estimates).set({ validUntil: new Date('2026-01-05T00:00:00Z') }).where(eq(estimates.id, est.id));
    const page = (await open(token)).json() as PublicQuote;
    expect(page).toMatchObject({ status: 'expired', canRespond: false });
    const late = await answer(token, 'approve', { signerName: 'Pat', signature: SIGNATURE, revision: page.revision });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This service quote expired on Jan 5, 2026. Please contact us for a new one.');
    expect(await expireQuotes(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await getEstimate(a, est.id)).status).toBe('expired');
    const resend = await send(a, est.id);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('The valid-until date has passed. Change it before sending the estimate for approval.');
  });

  it('two approvals at once (tabs, devices, double clicks) make one', async () => {
    const { est, token } = await sent(a);
    const page = (await open(token)).json() as PublicQuote;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => answer(token, 'approve', { signerName: `Signer ${i}`, signature: SIGNATURE, revision: page.revision })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    expect((await getEstimate(a, est.id)).responses).toHaveLength(1);
  });
});

describe('versions and converting', () => {
  it('a new version keeps what the customer signed, reopens the estimate as a draft, and the old link says it was replaced', async () => {
    const { est, token } = await sent(a);
    const page = (await open(token)).json() as PublicQuote;
    await answer(token, 'approve', { signerName: 'Pat', signature: SIGNATURE, revision: page.revision });
    const res = await t.call({ method: 'POST', url: `/api/estimates/${est.id}/versions`, cookie: a.admin });
    expect(res.statusCode).toBe(200);
    const v2 = res.json() as Estimate;
    expect(v2).toMatchObject({ version: 2, status: 'draft', approvalPath: null, estimateNumber: est.estimateNumber });
    expect(v2.versions).toEqual([expect.objectContaining({ version: 1, status: 'approved', total: '1309.99' })]);
    expect(v2.responses[0]).toMatchObject({ version: 1, kind: 'approved' });
    const old = await open(token);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('This service quote was replaced by a newer version. Please use the link in our latest message.');
    // The new version is editable and sent under a new link.
    expect((await t.call({ method: 'PUT', url: `/api/estimates/${est.id}`, cookie: a.admin, payload: { tax: '0' } })).json().total).toBe('1299.99');
    const resent = (await send(a, est.id)).json() as { approvalUrl: string };
    expect(resent.approvalUrl).not.toContain(token);
    const draft = await estimate(a);
    expect((await t.call({ method: 'POST', url: `/api/estimates/${draft.id}/versions`, cookie: a.admin })).statusCode).toBe(409);
  });

  it('an approved quote becomes a work order and an invoice in one go, with the approved lines, linked both ways, once', async () => {
    const { est, token } = await sent(a);
    const page = (await open(token)).json() as PublicQuote;
    const haul = page.lineItems.find((l) => l.description === 'Haul away old unit')!;
    const convert = (payload: object) => t.call({ method: 'POST', url: `/api/estimates/${est.id}/convert`, cookie: a.manager, payload });
    expect((await convert({ invoice: true })).statusCode).toBe(409);
    await answer(token, 'approve', { signerName: 'Pat', signature: SIGNATURE, selectedOptionalIds: [haul.id], revision: page.revision });
    expect((await convert({})).statusCode).toBe(400);

    const [first, second] = await Promise.all([convert({ workOrder: true, invoice: true }), convert({ workOrder: true, invoice: true })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = (first.statusCode === 200 ? first : second).json() as Estimate;
    expect(done.status).toBe('converted');
    expect(done.convertedAt).not.toBeNull();
    expect(done.workOrders).toHaveLength(1);
    expect(done.invoices).toHaveLength(1);

    const [order] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, done.workOrders[0].id));
    expect(order).toMatchObject({ estimateId: est.id, customerId: a.customerId, title: 'Water heater replacement', status: 'scheduled', totalCost: '1300.19' });
    const orderLines = await t.database.db.select().from(workOrderLineItems).where(eq(workOrderLineItems.workOrderId, order.id));
    expect(orderLines.map((l) => l.description).sort()).toEqual(['50 gal heater', 'Haul away old unit', 'Labor']);
    const [bill] = await t.database.db.select().from(invoices).where(eq(invoices.id, done.invoices[0].id));
    expect(bill).toMatchObject({ estimateId: est.id, workOrderId: order.id, status: 'draft', subtotal: '1300.19', tax: '10.00', total: '1310.19' });
    const billLines = await t.database.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, bill.id));
    expect(billLines).toHaveLength(3);

    const again = await convert({ invoice: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This estimate is already invoice ${bill.invoiceNumber}.`);
    expect((await t.call({ method: 'POST', url: `/api/estimates/${est.id}/convert`, cookie: b.admin, payload: { invoice: true } })).statusCode).toBe(404);
  });

  it('"accepted" from an older client still means approved', async () => {
    const est = await estimate(a);
    const res = await t.call({ method: 'PUT', url: `/api/estimates/${est.id}`, cookie: a.admin, payload: { status: 'accepted' } });
    expect(res.json().status).toBe('approved');
    const list = await t.call({ url: '/api/estimates?status=accepted', cookie: a.admin });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Estimate[]).every((e) => e.status === 'approved')).toBe(true);
  });
});

describe('the customer portal', () => {
  it('lists the quotes sent for approval, with the page for the customer and without it for staff previewing', async () => {
    const customer = await createCustomer(t, a.org.id, { name: 'Robin Portal', email: 'robin@example.com' });
    const open1 = await estimate(a, { customerId: customer.id, title: 'Open quote' });
    await estimate(a, { customerId: customer.id, title: 'Never sent' });
    const answered = await estimate(a, { customerId: customer.id, title: 'Declined quote' });
    const sendRes = await send(a, open1.id);
    const token = (sendRes.json() as { approvalUrl: string }).approvalUrl.split('/quote/')[1];
    await send(a, answered.id);
    const [declinedRow] = await t.database.db.select().from(estimates).where(eq(estimates.id, answered.id));
    const page = (await open(declinedRow.approvalToken!)).json() as PublicQuote;
    await answer(declinedRow.approvalToken!, 'decline', { reason: 'Too dear', revision: page.revision });

    const link = await t.call({ method: 'POST', url: `/api/customers/${customer.id}/portal-link`, cookie: a.admin, payload: {} });
    expect(link.statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'robin@example.com')).orderBy(desc(outbox.id)).limit(1);
    const url = new URL(mail.text.match(/\S*\/customer-portal\S*/)![0]);
    const portalToken = portalTokenFromAddress(url.search, url.hash)!;
    const portal = (await t.call({ url: `/api/portal?token=${encodeURIComponent(portalToken)}` })).json() as PortalResponse;
    expect(portal.quotesLabel).toBe('Service Quotes');
    expect(portal.quotes.map((q) => [q.title, q.status, q.awaitingAnswer, q.approvalPath])).toEqual([
      ['Declined quote', 'declined', false, `/quote/${declinedRow.approvalToken}`],
      ['Open quote', 'sent', true, `/quote/${token}`],
    ]);
    const preview = (await t.call({ url: `/api/portal?customer=${customer.id}`, cookie: a.admin })).json() as PortalResponse;
    expect(preview.viewer).toBe('staff');
    expect(preview.quotes.map((q) => q.approvalPath)).toEqual([null, null]);
  });
});

describe('deposits', () => {
  const payDeposit = async (token: string) => {
    const intent = await t.call({ method: 'POST', url: `/api/public/quotes/${token}/deposit-intent`, payload: { paymentType: 'card' } });
    if (intent.statusCode !== 200) return intent;
    return t.call({
      method: 'POST',
      url: '/api/payment-intents/confirm',
      payload: { clientSecret: intent.json().clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
    });
  };

  it('an approved quote asks for its deposit, takes it once, holds it, and the invoice it becomes shows it paid', async () => {
    const { est, token } = await sent(a, { depositType: 'percent', depositValue: '25' });
    expect(est).toMatchObject({ depositType: 'percent', depositValue: '25.00', depositAmount: '327.50' });
    let page = (await open(token)).json() as PublicQuote;
    expect(page).toMatchObject({ deposit: { amount: '327.50', paid: '0.00', due: '327.50' }, canPayDeposit: false });
    const early = await t.call({ method: 'POST', url: `/api/public/quotes/${token}/deposit-intent`, payload: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This service quote needs your approval before its deposit can be paid.');

    page = (await answer(token, 'approve', { signerName: 'Pat', signature: SIGNATURE, revision: page.revision })).json() as PublicQuote;
    expect(page).toMatchObject({ status: 'approved', canPayDeposit: true, testMode: true, deposit: { type: 'percent', value: '25.00', due: '327.50' } });
    // Started in two tabs: the first confirmed takes the deposit, the second finds nothing left to pay.
    const tab = await t.call({ method: 'POST', url: `/api/public/quotes/${token}/deposit-intent`, payload: { paymentType: 'card' } });
    const intent = await t.call({ method: 'POST', url: `/api/public/quotes/${token}/deposit-intent`, payload: { paymentType: 'card' } });
    expect(intent.json()).toMatchObject({ amount: '327.50', processor: 'test', testMode: true });
    const paid = await t.call({
      method: 'POST',
      url: '/api/payment-intents/confirm',
      payload: { clientSecret: intent.json().clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment).toMatchObject({ amount: '327.50', invoiceId: null, description: `Deposit for ${est.estimateNumber}` });
    page = (await open(token)).json() as PublicQuote;
    expect(page).toMatchObject({ deposit: { paid: '327.50', due: '0.00' }, canPayDeposit: false });
    const second = await t.call({
      method: 'POST',
      url: '/api/payment-intents/confirm',
      payload: { clientSecret: tab.json().clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('The deposit has been paid. Thank you!');
    expect((await payDeposit(token)).json().message).toBe('The deposit has been paid. Thank you!');
    const pdf = await pdfText((await t.call({ url: `/api/public/quotes/${token}/pdf` })).rawPayload);
    expect(pdf).toMatch(/Deposit \(25%\)\s+\$327\.50\s+Deposit paid\s+\$327\.50/);
    expect((await getEstimate(a, est.id)).depositPaid).toBe('327.50');
    const held = (await t.call({ url: '/api/reports/payment-analytics', cookie: a.admin })).json();
    expect(held.depositsHeld).toEqual({ total: '327.50', count: 1 });

    // Converted, the invoice shows the deposit paid and asks for the rest; the draft stays editable, never below it.
    const converted = (await t.call({ method: 'POST', url: `/api/estimates/${est.id}/convert`, cookie: a.admin, payload: { invoice: true } })).json() as Estimate;
    const invoiceId = converted.invoices[0].id;
    const invoice = (await t.call({ url: `/api/invoices/${invoiceId}`, cookie: a.admin })).json();
    expect(invoice).toMatchObject({ status: 'draft', total: '1309.99', amountPaid: '327.50', depositApplied: '327.50', balanceDue: '982.49', amountsLocked: false });
    const more = await t.call({
      method: 'PUT',
      url: `/api/invoices/${invoiceId}`,
      cookie: a.admin,
      payload: { lineItems: [...invoice.lineItems.map((l: { description: string; quantity: string; rate: string }) => ({ description: l.description, quantity: l.quantity, rate: l.rate })), { description: 'Extra fitting', quantity: 1, rate: '40.00' }] },
    });
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ total: '1349.99', balanceDue: '1022.49' });
    const below = await t.call({ method: 'PUT', url: `/api/invoices/${invoiceId}`, cookie: a.admin, payload: { lineItems: [{ description: 'Tiny', quantity: 1, rate: '100.00' }] } });
    expect(below.statusCode).toBe(400);
    expect(below.json().issues).toEqual([{ path: 'lineItems', message: 'The total cannot be less than the $327.50 deposit already paid' }]);
    expect((await t.call({ url: '/api/reports/payment-analytics', cookie: a.admin })).json().depositsHeld).toEqual({ total: '0.00', count: 0 });
    // Invoiced, the quote's page no longer takes a deposit: the invoice asks for the rest.
    expect((await open(token)).json()).toMatchObject({ canPayDeposit: false });
  });

  it('a deposit needs a value, a percent is at most 100, and a fixed deposit never passes the total', async () => {
    const post = (body: object) => t.call({ method: 'POST', url: '/api/estimates', cookie: a.admin, payload: { customerId: a.customerId, title: 'D', ...body } });
    expect((await post({ depositType: 'percent' })).json().issues).toEqual([{ path: 'depositValue', message: 'Enter the deposit' }]);
    expect((await post({ depositType: 'percent', depositValue: '100.01' })).json().issues).toEqual([{ path: 'depositValue', message: 'A percent deposit is at most 100' }]);
    const fixed = (await post({ depositType: 'fixed', depositValue: '500', lineItems: [{ description: 'Small job', quantity: 1, rate: '120' }] })).json() as Estimate;
    expect(fixed.depositAmount).toBe('120.00');
    const none = (await t.call({ method: 'PUT', url: `/api/estimates/${fixed.id}`, cookie: a.admin, payload: { depositType: null } })).json() as Estimate;
    expect(none).toMatchObject({ depositType: null, depositValue: null, depositAmount: null });
  });
});
