import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, invoiceLineItems, invoices, messageDeliveries, messages, numberCounters, organizations, outbox, payments, uploads } from '../../db/schema/index';
import { SECRET_MASK } from '../../adapters/outbox/mask-secrets';
import { labelsFor } from '../../../contracts/vocabulary';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, pdfPageCount, pdfText, solidPng, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t, { name: "Zoë O'Brien Plumbing", phone: '5553331234', email: 'billing@obrien.example', address: '12 Pipe Rd', city: 'Springfield', state: 'IL', zip: '62701', industry: null });
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const post = (cookie: string, payload: unknown) => t.call({ method: 'POST', url: '/api/invoices', cookie, payload: payload as object });
const put = (cookie: string, id: number, payload: unknown) => t.call({ method: 'PUT', url: `/api/invoices/${id}`, cookie, payload: payload as object });
const get = (cookie: string, url: string) => t.call({ url, cookie });
const email = (cookie: string, id: number) => t.call({ method: 'POST', url: `/api/invoices/${id}/email`, cookie });

async function counts() {
  const db = t.database.db;
  const [i] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices);
  const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(invoiceLineItems);
  const [c] = await db.select({ n: sql<number>`coalesce(sum(${numberCounters.currentNumber}), 0)::int` }).from(numberCounters);
  return { invoices: i.n, lines: l.n, counters: c.n };
}

async function workOrderFor(kit: OrgKit, customerId: number): Promise<{ id: number }> {
  return (await t.call({ method: 'POST', url: '/api/work-orders', cookie: kit.admin, payload: { customerId, title: 'Job' } })).json();
}

describe('invoices: totals and numbers', () => {
  it('recomputes amounts, subtotal and total in cents and ignores client totals (tax null is 0)', async () => {
    const res = await post(a.manager, {
      customerId: a.customerId,
      status: 'draft',
      dueDate: '2026-12-21T00:00:00.000Z',
      notes: 'Thanks!',
      tax: null,
      subtotal: 1,
      total: 1,
      lineItems: [
        { description: 'Dime', quantity: 1, rate: 0.1, amount: 0.1 },
        { description: 'Two dimes', quantity: '1', rate: '0.2', amount: '0.2' },
        { description: 'Thirds', quantity: 3, rate: 33.33, amount: 99.99 },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      invoiceNumber: 'INV-00001',
      customerName: 'Pat Customer',
      status: 'draft',
      subtotal: '100.29',
      tax: '0.00',
      total: '100.29',
      amountPaid: '0.00',
      balanceDue: '100.29',
      isOverdue: false,
      paidDate: null,
      notes: 'Thanks!',
    });
    expect(res.json().lineItems.map((l: { amount: string }) => l.amount)).toEqual(['0.10', '0.20', '99.99']);
  });

  it('1,000 line items total to the cent', async () => {
    const lineItems = Array.from({ length: 1000 }, (_, i) => ({ description: `Item ${i + 1}`, quantity: (i % 4) + 1, rate: `${i % 37}.${String((i * 7) % 100).padStart(2, '0')}` }));
    const expectedCents = lineItems.reduce((sum, l) => sum + l.quantity * Math.round(Number(l.rate) * 100), 0);
    const res = await post(a.admin, { customerId: a.customerId, lineItems, tax: '1.01' });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv.lineItems).toHaveLength(1000);
    expect(inv.subtotal).toBe(`${Math.floor(expectedCents / 100)}.${String(expectedCents % 100).padStart(2, '0')}`);
    expect(inv.total).toBe(`${Math.floor((expectedCents + 101) / 100)}.${String((expectedCents + 101) % 100).padStart(2, '0')}`);
    expect(inv.lineItems[999]).toMatchObject({ description: 'Item 1000', sortOrder: 999 });
  });

  it('50 invoices created at once get 50 distinct numbers, and numbering is per organization', async () => {
    const kit = await orgKit(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(kit.admin, { customerId: kit.customerId, lineItems: [{ description: `Concurrent ${i}`, quantity: 1, rate: 1 }] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.json().invoiceNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `INV-${String(i + 1).padStart(5, '0')}`));
    const other = await orgKit(t);
    expect((await post(other.admin, { customerId: other.customerId })).json().invoiceNumber).toBe('INV-00001');
    expect((await post(kit.admin, { customerId: kit.customerId })).json().invoiceNumber).toBe('INV-00051');
    // Refused for another organization's customer: nothing written and no number taken.
    const refused = await post(kit.admin, { customerId: other.customerId, lineItems: [{ description: 'Not ours', quantity: 1, rate: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Customer not found');
    expect((await post(kit.admin, { customerId: kit.customerId })).json().invoiceNumber).toBe('INV-00052');
  });

  it('renames to an unused number only (409 otherwise) and audits the rename', async () => {
    const kit = await orgKit(t);
    const first = (await post(kit.admin, { customerId: kit.customerId })).json();
    const second = (await post(kit.admin, { customerId: kit.customerId })).json();
    const taken = await put(kit.manager, second.id, { invoiceNumber: first.invoiceNumber });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Invoice number already exists');
    const same = await put(kit.manager, second.id, { invoiceNumber: second.invoiceNumber, notes: 'same number is fine' });
    expect(same.statusCode).toBe(200);
    const renamed = await put(kit.manager, second.id, { invoiceNumber: '2026-Łódź-7' });
    expect(renamed.json().invoiceNumber).toBe('2026-Łódź-7');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, second.id));
    expect(audit).toMatchObject({ action: 'invoice.renumbered', details: { from: second.invoiceNumber, to: '2026-Łódź-7' } });
    // A number from another organization is free here.
    const elsewhere = (await post(b.admin, { customerId: b.customerId })).json();
    expect((await put(kit.manager, first.id, { invoiceNumber: elsewhere.invoiceNumber })).statusCode).toBe(200);
    const pdf = await get(kit.admin, `/api/invoices/${second.id}/pdf`);
    expect(pdf.headers['content-disposition']).toBe("attachment; filename=\"invoice-2026-__d_-7.pdf\"; filename*=UTF-8''invoice-2026-%C5%81%C3%B3d%C5%BA-7.pdf");
  });
});

describe('invoices: references, status and balance', () => {
  it('accepts a work order of the same customer and an estimate of the same organization only, writing nothing otherwise', async () => {
    const mine = await workOrderFor(a, a.customerId);
    const otherCustomer = await createCustomer(t, a.org.id, { name: 'Other Customer' });
    const notTheirs = await workOrderFor(a, otherCustomer.id);
    const foreignWo = await workOrderFor(b, b.customerId);
    const foreignEst = (await t.call({ method: 'POST', url: '/api/estimates', cookie: b.admin, payload: { customerId: b.customerId, title: 'B' } })).json();
    const ownEst = (await t.call({ method: 'POST', url: '/api/estimates', cookie: a.admin, payload: { customerId: otherCustomer.id, title: 'A' } })).json();

    const before = await counts();
    const bad: [unknown, string][] = [
      [{ customerId: a.customerId, workOrderId: foreignWo.id }, 'Work order not found'],
      [{ customerId: a.customerId, workOrderId: notTheirs.id }, 'Work order belongs to another customer'],
      [{ customerId: a.customerId, estimateId: foreignEst.id }, 'Estimate not found'],
      [{ customerId: b.customerId }, 'Customer not found'],
      [{ customerId: 12345678 }, 'Customer not found'],
    ];
    for (const [payload, message] of bad) {
      const res = await post(a.admin, { ...(payload as object), lineItems: [{ description: 'x', quantity: 1, rate: 1 }] });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    for (const payload of [
      { customerId: a.customerId, lineItems: [{ description: 'x', quantity: -1, rate: 1 }] },
      { customerId: a.customerId, status: 'void' },
      { customerId: a.customerId, notes: 'x'.repeat(10 * 1024 * 1024) },
      { customerId: a.customerId, lineItems: 'not json' },
    ]) {
      expect([400, 413]).toContain((await post(a.admin, payload)).statusCode);
    }
    expect(await counts()).toEqual(before);

    const ok = await post(a.admin, { customerId: a.customerId, workOrderId: String(mine.id), estimateId: ownEst.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ workOrderId: mine.id, estimateId: ownEst.id });
    // Changing the customer re-checks the linked work order.
    const moved = await put(a.manager, ok.json().id, { customerId: otherCustomer.id });
    expect(moved.json().message).toBe('Work order belongs to another customer');
    const movedWithWo = await put(a.manager, ok.json().id, { customerId: otherCustomer.id, workOrderId: notTheirs.id });
    expect(movedWithWo.json()).toMatchObject({ customerId: otherCustomer.id, workOrderId: notTheirs.id, customerName: 'Other Customer' });
    expect((await put(a.manager, ok.json().id, { workOrderId: foreignWo.id })).statusCode).toBe(400);
    expect((await put(a.manager, ok.json().id, { workOrderId: null, estimateId: null })).json()).toMatchObject({ workOrderId: null, estimateId: null });
  });

  it('paid without a paid date stamps it; overdue and balance due are derived', async () => {
    const inv = (
      await post(a.admin, { customerId: a.customerId, status: 'sent', dueDate: '2020-01-01T00:00:00.000Z', lineItems: [{ description: 'Work', quantity: 1, rate: '100.00' }], tax: '8.25' })
    ).json();
    expect(inv).toMatchObject({ total: '108.25', isOverdue: true, balanceDue: '108.25' });
    await t.database.db.insert(payments).values([
      { organizationId: a.org.id, invoiceId: inv.id, amount: '50.00', status: 'completed' },
      { organizationId: a.org.id, invoiceId: inv.id, amount: '0.25', status: 'completed' },
      { organizationId: a.org.id, invoiceId: inv.id, amount: '40.00', status: 'failed' },
    ]);
    expect((await get(a.admin, `/api/invoices/${inv.id}`)).json()).toMatchObject({ amountPaid: '50.25', balanceDue: '58.00' });
    const paid = await put(a.manager, inv.id, { status: 'paid' });
    expect(paid.json()).toMatchObject({ status: 'paid', isOverdue: false });
    expect(Date.now() - Date.parse(paid.json().paidDate)).toBeLessThan(60_000);
    const created = await post(a.admin, { customerId: a.customerId, status: 'paid', paidDate: '2026-01-02' });
    expect(created.json().paidDate).toBe('2026-01-02T00:00:00.000Z');
    const createdNow = await post(a.admin, { customerId: a.customerId, status: 'paid' });
    expect(createdNow.json().paidDate).not.toBeNull();
  });

  it('lists with customer name, search over number and customer, filters and X-Total-Count', async () => {
    const kit = await orgKit(t);
    const jose = await createCustomer(t, kit.org.id, { name: 'José Müller-Łódź' });
    const i1 = (await post(kit.admin, { customerId: kit.customerId })).json();
    const i2 = (await post(kit.admin, { customerId: jose.id, status: 'sent' })).json();
    const list = await get(kit.manager, '/api/invoices');
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((i: { id: number; customerName: string }) => [i.id, i.customerName])).toEqual([
      [i2.id, 'José Müller-Łódź'],
      [i1.id, 'Pat Customer'],
    ]);
    const ids = async (q: string) => (await get(kit.admin, `/api/invoices?${q}`)).json().map((i: { id: number }) => i.id);
    expect(await ids(`q=${encodeURIComponent('müller')}`)).toEqual([i2.id]);
    expect(await ids('q=INV-00001')).toEqual([i1.id]);
    expect(await ids('status=sent')).toEqual([i2.id]);
    expect(await ids(`customerId=${kit.customerId}`)).toEqual([i1.id]);
    expect(await ids('sort=invoiceNumber')).toEqual([i1.id, i2.id]);
  });

  it('an update replaces line items; they are deleted with the invoice', async () => {
    const inv = (await post(a.admin, { customerId: a.customerId, lineItems: [{ description: 'Old', quantity: 1, rate: 1 }] })).json();
    const res = await put(a.manager, inv.id, { lineItems: [{ description: 'New 1', quantity: 2, rate: '2.50' }, { description: 'New 2', quantity: 1, rate: '0.01' }], tax: '0.99' });
    expect(res.json()).toMatchObject({ subtotal: '5.01', tax: '0.99', total: '6.00' });
    const rows = await t.database.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, inv.id));
    expect(rows.map((r) => r.description).sort()).toEqual(['New 1', 'New 2']);
    await t.database.db.delete(invoices).where(eq(invoices.id, inv.id));
    expect(await t.database.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, inv.id))).toEqual([]);
  });
});

describe('invoices: permissions and tenancy', () => {
  it('managers create and edit; employees cannot read, create or edit; customers get 403 on everything', async () => {
    const inv = (await post(a.manager, { customerId: a.customerId })).json();
    expect((await put(a.manager, inv.id, { notes: 'ok' })).statusCode).toBe(200);
    expect((await put(a.employee, inv.id, { notes: 'no' })).statusCode).toBe(403);
    expect((await post(a.employee, { customerId: a.customerId })).statusCode).toBe(403);
    for (const cookie of [a.customerUser]) {
      expect((await get(cookie, '/api/invoices')).statusCode).toBe(403);
      expect((await get(cookie, `/api/invoices/${inv.id}`)).statusCode).toBe(403);
      expect((await get(cookie, `/api/invoices/${inv.id}/pdf`)).statusCode).toBe(403);
      expect((await post(cookie, { customerId: a.customerId })).statusCode).toBe(403);
      expect((await put(cookie, inv.id, { notes: 'x' })).statusCode).toBe(403);
      expect((await email(cookie, inv.id)).statusCode).toBe(403);
    }
  });

  it("another organization's invoice is a 404 on GET, PUT, PDF and e-mail, and stays unchanged", async () => {
    const inv = (await post(a.admin, { customerId: a.customerId, notes: 'A only' })).json();
    expect((await get(b.admin, `/api/invoices/${inv.id}`)).statusCode).toBe(404);
    expect((await put(b.admin, inv.id, { notes: 'B was here' })).statusCode).toBe(404);
    expect((await get(b.admin, `/api/invoices/${inv.id}/pdf`)).statusCode).toBe(404);
    const mailed = await email(b.admin, inv.id);
    expect(mailed.statusCode).toBe(404);
    expect(mailed.json().message).toBe('Invoice not found');
    expect((await get(a.admin, `/api/invoices/${inv.id}`)).json().notes).toBe('A only');
    expect((await get(b.admin, '/api/invoices')).json().map((i: { id: number }) => i.id)).not.toContain(inv.id);
  });
});

describe('invoices: PDF and e-mail', () => {
  it('renders a PDF with the logo, the number and the names exactly as written', async () => {
    const [logo] = await t.database.db
      .insert(uploads)
      .values({ organizationId: a.org.id, fileName: 'logo.png', contentType: 'image/png', size: 100, data: solidPng(120, 40, [30, 60, 120]) })
      .returning();
    await t.database.db.update(organizations).set({ logo: `/uploads/${logo.id}/logo.png` }).where(eq(organizations.id, a.org.id));
    const jose = await createCustomer(t, a.org.id, { name: 'José Müller-Łódź', companyName: 'Müller GmbH', address: '5 Rue de l’Église', email: 'jose@example.com', paymentTerms: 'net30' });
    const inv = (
      await post(a.admin, {
        customerId: jose.id,
        dueDate: '2026-11-21T00:00:00.000Z',
        notes: "Payable to Zoë O'Brien <script>alert(1)</script>",
        lineItems: [{ description: 'Water heater — 50 gal', quantity: 1, rate: '1234.50' }],
        tax: '98.76',
      })
    ).json();
    const res = await get(a.manager, `/api/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${inv.invoiceNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    const text = await pdfText(res.rawPayload);
    for (const s of [inv.invoiceNumber, 'José Müller-Łódź', 'Müller GmbH', "Zoë O'Brien Plumbing", 'Water heater — 50 gal', '$1,234.50', '$98.76', '$1,333.26', 'Nov 21, 2026', 'Net 30', '<script>alert(1)</script>']) {
      expect(text).toContain(s);
    }
  });

  it('skips a logo it cannot read and handles 200 line items across pages', async () => {
    const [bad] = await t.database.db
      .insert(uploads)
      .values({ organizationId: b.org.id, fileName: 'logo.webp', contentType: 'image/webp', size: 4, data: Buffer.from('RIFFxxxxWEBP') })
      .returning();
    await t.database.db.update(organizations).set({ logo: `/uploads/${bad.id}/logo.webp` }).where(eq(organizations.id, b.org.id));
    const lineItems = Array.from({ length: 200 }, (_, i) => ({ description: i % 10 === 0 ? `Long line ${i} ${'with many words '.repeat(12)}` : `Line ${i + 1}`, quantity: 1, rate: '1.00' }));
    const inv = (await post(b.admin, { customerId: b.customerId, lineItems })).json();
    const timed = async () => {
      const started = performance.now();
      const r = await get(b.admin, `/api/invoices/${inv.id}/pdf`);
      return { r, ms: performance.now() - started };
    };
    const first = await timed();
    const { r: res, ms } = await timed();
    // A sanity figure, not a timed assertion: the first render also parses the fonts.
    console.info(`200-line invoice PDF over HTTP: first ${first.ms.toFixed(0)} ms, then ${ms.toFixed(0)} ms (${res.rawPayload.length} bytes)`);
    expect(res.statusCode).toBe(200);
    expect(await pdfPageCount(res.rawPayload)).toBeGreaterThan(3);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Line 200');
    expect(text.match(/DESCRIPTION/g)!.length).toBeGreaterThan(3);
    expect(text).toContain('$200.00');
  });

  it('e-mails the invoice with the PDF attached and a working portal link, and records it in Messaging', async () => {
    const inv = (
      await post(a.manager, { customerId: a.customerId, dueDate: '2026-12-01T00:00:00.000Z', lineItems: [{ description: 'Labor', quantity: 2, rate: '45.50' }], tax: '7.28' })
    ).json();
    await t.database.db.insert(payments).values({ organizationId: a.org.id, invoiceId: inv.id, amount: '10.00', status: 'completed' });
    const res = await email(a.manager, inv.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invoice emailed successfully to customer' });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'pat@example.com')).orderBy(desc(outbox.id)).limit(1);
    expect(mail.subject).toBe(`Invoice ${inv.invoiceNumber} from Zoë O'Brien Plumbing`);
    for (const s of ['- Labor: 2 × $45.50 = $91.00', 'Subtotal: $91.00', 'Tax: $7.28', 'Total: $98.28', 'Amount paid: $10.00', 'Balance due: $88.28', 'Due date: Dec 1, 2026', '(555) 333-1234', 'billing@obrien.example', '12 Pipe Rd', 'Springfield, IL 62701']) {
      expect(mail.text).toContain(s);
    }
    // The portal link in the e-mail opens this customer's portal, with this invoice in it.
    const link = /View and pay this invoice online: (\S+)/.exec(mail.text ?? '')?.[1];
    // The token rides in the fragment, which browsers never send to a server (docs/customer-portal.md).
    expect(link).toMatch(/\/customer-portal#token=/);
    const token = new URLSearchParams(new URL(link!).hash.slice(1)).get('token')!;
    const portal = await get('', `/api/portal?token=${encodeURIComponent(token)}`);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().customer.id).toBe(a.customerId);
    expect(portal.json().invoices.map((i: { id: number }) => i.id)).toContain(inv.id);
    // E-mailing a draft sends it.
    expect((await get(a.manager, `/api/invoices/${inv.id}`)).json().status).toBe('sent');
    expect(mail.attachments).toEqual([{ filename: `invoice-${inv.invoiceNumber}.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
    const [msg] = await t.database.db.select().from(messages).where(eq(messages.subject, mail.subject!));
    // Messaging keeps the e-mail for staff, without the customer's link (docs/security.md).
    expect(msg).toMatchObject({ type: 'email', status: 'sent', recipients: ['pat@example.com'], content: mail.text!.replace(link!, SECRET_MASK), organizationId: a.org.id });
    expect(msg.content).not.toContain(token);
    const [delivery] = await t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, msg.id));
    expect(delivery).toMatchObject({ status: 'sent', outboxId: mail.id, recipient: 'pat@example.com' });

    const { buildInvoiceEmail } = await import('./email-invoice');
    const full = (await get(a.manager, `/api/invoices/${inv.id}`)).json();
    const withLink = buildInvoiceEmail({
      invoice: full,
      business: { id: a.org.id, name: 'Biz', address: null, city: null, state: null, zip: null, phone: null, email: null, website: null, logo: null, labels: labelsFor(null) },
      customer: { id: 1, name: 'Pat', companyName: null, email: 'pat@example.com', phone: null, address: null, city: null, state: null, zip: null, paymentTerms: 'net30' },
      portalUrl: 'https://app.example/customer-portal#token=abc',
    });
    expect(withLink.text).toContain('View and pay this invoice online: https://app.example/customer-portal#token=abc');
  });

  it("e-mail errors: customer without an address, missing invoice", async () => {
    const noMail = await createCustomer(t, a.org.id, { email: '  ' });
    const inv = (await post(a.admin, { customerId: noMail.id })).json();
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const res = await email(a.admin, inv.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Customer has no email address');
    const missing = await email(a.admin, 99999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Invoice not found');
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox)).toEqual(before);
  });
});

describe('invoices: e-mail delivery failure', () => {
  it('answers 503 and keeps the message as a draft with the failed delivery when SMTP is unreachable', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const kit = await (async () => {
        const org = await smtp.createOrganization({ name: 'Failing Mail Co' });
        const user = await smtp.createUser({ role: 'manager', organizationId: org.id });
        const [c] = await smtp.database.db.insert(customers).values({ organizationId: org.id, name: 'Pat', email: 'pat@example.com' }).returning();
        return { org, cookie: await smtp.cookieFor(user.id), customerId: c.id };
      })();
      const inv = (await smtp.call({ method: 'POST', url: '/api/invoices', cookie: kit.cookie, payload: { customerId: kit.customerId } })).json();
      const res = await smtp.call({ method: 'POST', url: `/api/invoices/${inv.id}/email`, cookie: kit.cookie });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('We could not send the e-mail: the mail server could not be reached. Please try again later.');
      const [msg] = await smtp.database.db.select().from(messages).where(eq(messages.organizationId, kit.org.id));
      expect(msg).toMatchObject({ status: 'draft', sentDate: null, recipients: ['pat@example.com'] });
      const [delivery] = await smtp.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, msg.id));
      expect(delivery.status).toBe('failed');
      expect(delivery.error).toMatch(/ECONNREFUSED|connect|Connection/i);
    } finally {
      await smtp.close();
    }
  });
});
