import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, paymentAttempts, paymentLinks, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

const DAY = 86_400_000;
const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, number: '4000000000000002' };

let t: TestApp;
type Role = 'org_admin' | 'manager' | 'employee' | 'customer';
interface Kit {
  org: { id: number; name: string };
  cookies: Record<Role, string>;
  customerId: number;
}
let a: Kit;
let b: Kit;

async function kit(values: Parameters<TestApp['createOrganization']>[0] = {}): Promise<Kit> {
  const org = await t.createOrganization(values);
  const cookies = {} as Record<Role, string>;
  for (const role of ['org_admin', 'manager', 'employee', 'customer'] as Role[]) {
    cookies[role] = await t.cookieFor((await t.createUser({ role, organizationId: org.id })).id);
  }
  const [c] = await t.database.db.insert(customers).values({ organizationId: org.id, name: 'Zoë Payer', email: 'zoe@example.com' }).returning();
  return { org, cookies, customerId: c.id };
}

let invoiceNo = 0;
async function invoice(k: Kit, values: Partial<typeof invoices.$inferInsert> = {}) {
  const [i] = await t.database.db
    .insert(invoices)
    .values({ organizationId: k.org.id, customerId: k.customerId, invoiceNumber: `INV-L${String(++invoiceNo).padStart(4, '0')}`, status: 'sent', total: '100.00', ...values })
    .returning();
  return i;
}

const invoiceLink = (cookie: string | undefined, invoiceId: number, payload?: object) =>
  t.call({ method: 'POST', url: `/api/invoices/${invoiceId}/payment-link`, cookie, payload });
const genericLink = (cookie: string | undefined, payload: object) => t.call({ method: 'POST', url: '/api/generic-payment-links', cookie, payload });
const open = (linkId: string) => t.call({ method: 'POST', url: `/api/public/payment-links/${linkId}/open` });
const intent = (linkId: string, payload: object) => t.call({ method: 'POST', url: `/api/public/payment-links/${linkId}/payment-intent`, payload });
const confirm = (payload: object) => t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload });
const linkRow = async (linkId: string) => (await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.linkId, linkId)))[0];

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://pay.example.test' });
  a = await kit({ name: "Zoë O'Brien Plumbing", phone: '5553331234', email: 'billing@obrien.example', logo: '/uploads/1/logo.png', bankAccount: '000123456789', taxId: '12-3456789' });
  b = await kit();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/invoices/:id/payment-link', () => {
  it('creates an unguessable link for the balance due, expiring in 30 days, and hands the same one out again', async () => {
    const inv = await invoice(a, { total: '250.75' });
    const before = Date.now();
    const res = await invoiceLink(a.cookies.org_admin, inv.id);
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({
      invoiceId: inv.id,
      invoiceNumber: inv.invoiceNumber,
      amount: '250.75',
      description: `Invoice ${inv.invoiceNumber}`,
      status: 'active',
      clickCount: 0,
      lastClickedAt: null,
      completedAt: null,
    });
    expect(link.linkId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(link.paymentUrl).toBe(`https://pay.example.test/payment/${link.linkId}`);
    const expires = new Date(link.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);

    const again = await invoiceLink(a.cookies.org_admin, inv.id, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().linkId).toBe(link.linkId);
    const rows = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, inv.id));
    expect(rows).toHaveLength(1);
  });

  it('gives two links for two invoices, never the same id', async () => {
    const [x, y] = await Promise.all([invoice(a), invoice(a)]);
    const [lx, ly] = await Promise.all([invoiceLink(a.cookies.org_admin, x.id), invoiceLink(a.cookies.org_admin, y.id)]);
    expect(lx.json().linkId).not.toBe(ly.json().linkId);
  });

  it('concurrent clicks on Generate share one link', async () => {
    const inv = await invoice(a);
    const results = await Promise.all(Array.from({ length: 5 }, () => invoiceLink(a.cookies.org_admin, inv.id)));
    expect(new Set(results.map((r) => r.json().linkId)).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
  });

  it('takes another expiry in days (1..365) and refuses others naming the field', async () => {
    const inv = await invoice(a);
    const res = await invoiceLink(a.cookies.org_admin, inv.id, { expiresInDays: 7 });
    expect(res.statusCode).toBe(201);
    const days = (new Date(res.json().expiresAt).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    for (const bad of [0, 366, 1.5, '7']) {
      const r = await invoiceLink(a.cookies.org_admin, (await invoice(a)).id, { expiresInDays: bad });
      expect(r.statusCode, String(bad)).toBe(400);
      expect(r.json().issues.map((i: { path: string }) => i.path)).toContain('expiresInDays');
    }
    const notObject = await t.call({ method: 'POST', url: `/api/invoices/${inv.id}/payment-link`, cookie: a.cookies.org_admin, payload: '[]' });
    expect(notObject.statusCode).toBe(400);
  });

  it('needs process_payments: manager, employee and customer are refused, signed-out 401', async () => {
    const inv = await invoice(a);
    for (const role of ['manager', 'employee', 'customer'] as Role[]) {
      expect((await invoiceLink(a.cookies[role], inv.id)).statusCode, role).toBe(403);
    }
    expect((await invoiceLink(undefined, inv.id)).statusCode).toBe(401);
    expect(await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, inv.id))).toEqual([]);
  });

  it("answers 404 for another organization's invoice or a missing one", async () => {
    const inv = await invoice(a);
    const res = await invoiceLink(b.cookies.org_admin, inv.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Invoice not found' });
    expect((await invoiceLink(a.cookies.org_admin, 2_000_000_000)).statusCode).toBe(404);
    expect(await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, inv.id))).toEqual([]);
  });

  it('refuses a paid invoice and one with nothing to pay (409)', async () => {
    for (const values of [{ status: 'paid' }, { total: '0.00' }]) {
      const inv = await invoice(a, values);
      const res = await invoiceLink(a.cookies.org_admin, inv.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: 'This invoice is already paid' });
    }
    const covered = await invoice(a, { total: '50.00' });
    await t.database.db.insert(payments).values({ organizationId: a.org.id, invoiceId: covered.id, amount: '50.00', status: 'completed' });
    expect((await invoiceLink(a.cookies.org_admin, covered.id)).statusCode).toBe(409);
  });

  it('asks a reused link for the balance left after a partial payment', async () => {
    const inv = await invoice(a, { total: '100.00' });
    const first = (await invoiceLink(a.cookies.org_admin, inv.id)).json();
    const rec = await t.call({ method: 'POST', url: '/api/payments', cookie: a.cookies.org_admin, payload: { invoiceId: inv.id, amount: '40.00', method: 'cash' } });
    expect(rec.statusCode).toBe(201);
    const again = (await invoiceLink(a.cookies.org_admin, inv.id)).json();
    expect(again).toMatchObject({ linkId: first.linkId, amount: '60.00' });
  });

  it('makes a new link once the old one has expired', async () => {
    const inv = await invoice(a);
    const first = (await invoiceLink(a.cookies.org_admin, inv.id)).json();
    await t.database.db.update(paymentLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentLinks.linkId, first.linkId));
    const second = await invoiceLink(a.cookies.org_admin, inv.id);
    expect(second.statusCode).toBe(201);
    expect(second.json().linkId).not.toBe(first.linkId);
  });
});

describe('POST /api/generic-payment-links', () => {
  it("returns the organization's generic link (no invoice, any amount), the same one each time, to staff and customers", async () => {
    const k = await kit();
    const res = await genericLink(k.cookies.org_admin, { organizationId: k.org.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ invoiceId: null, invoiceNumber: null, amount: null, status: 'active' });
    expect(res.json().paymentUrl).toBe(`https://pay.example.test/payment/${res.json().linkId}`);
    const again = await genericLink(k.cookies.customer, { organizationId: k.org.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().linkId).toBe(res.json().linkId);
    // An invoice's link is not the generic one.
    await invoiceLink(k.cookies.org_admin, (await invoice(k)).id);
    expect((await genericLink(k.cookies.employee, { organizationId: k.org.id })).json().linkId).toBe(res.json().linkId);
  });

  it("answers 404 for another organization, 400 for a user without one; a super user may use any", async () => {
    const k = await kit();
    const res = await genericLink(b.cookies.org_admin, { organizationId: k.org.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Organization not found' });
    expect((await genericLink(b.cookies.customer, { organizationId: k.org.id })).statusCode).toBe(404);
    expect(await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.organizationId, k.org.id))).toEqual([]);

    const loner = await t.cookieFor((await t.createUser({ role: 'guest', organizationId: null })).id);
    const none = await genericLink(loner, { organizationId: k.org.id });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('You need an organization to create a payment link');

    const su = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    expect((await genericLink(su, { organizationId: k.org.id })).statusCode).toBe(201);
    expect((await genericLink(su, { organizationId: 2_000_000_000 })).statusCode).toBe(404);
  });

  it("gives a signed-out visitor the organization's generic link (its home page's Pay Now): where to go, nothing more", async () => {
    const k = await kit();
    const first = await genericLink(undefined, { organizationId: k.org.id, expiresInDays: 365 });
    expect(first.statusCode).toBe(201);
    expect(Object.keys(first.json()).sort()).toEqual(['linkId', 'paymentUrl']);
    expect(first.json().paymentUrl).toBe(`https://pay.example.test/payment/${first.json().linkId}`);
    // A visitor does not choose the shared link's life: the default 30 days.
    const row = await linkRow(first.json().linkId);
    expect(row).toMatchObject({ organizationId: k.org.id, invoiceId: null, amount: null, status: 'active' });
    expect(Math.abs(row.expiresAt!.getTime() - (row.createdAt.getTime() + 30 * DAY))).toBeLessThan(5000);
    // Reused, not one per visitor: the staff's link is the visitors' link.
    const again = await genericLink(undefined, { organizationId: k.org.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().linkId).toBe(first.json().linkId);
    expect((await genericLink(k.cookies.org_admin, { organizationId: k.org.id })).json().linkId).toBe(first.json().linkId);
    expect(await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.organizationId, k.org.id))).toHaveLength(1);
    // The page it leads to is the generic pay page.
    expect((await open(first.json().linkId)).json()).toMatchObject({ status: 'active', invoice: null, amount: null, organization: { name: k.org.name } });
  });

  it('refuses a visitor an organization without a public home page, or one that does not exist (404), and writes nothing', async () => {
    const hidden = await t.createOrganization({ slug: null });
    const res = await genericLink(undefined, { organizationId: hidden.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Organization not found' });
    expect((await genericLink(undefined, { organizationId: 2_000_000_000 })).statusCode).toBe(404);
    expect(await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.organizationId, hidden.id))).toEqual([]);
  });

  it('needs an organizationId', async () => {
    const res = await genericLink(a.cookies.org_admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain('organizationId');
  });
});

describe('GET /api/payment-links', () => {
  it('lists the organization links newest first with invoice numbers, total and derived expiry', async () => {
    const k = await kit();
    const i1 = await invoice(k);
    const l1 = (await invoiceLink(k.cookies.org_admin, i1.id)).json();
    await t.database.db.update(paymentLinks).set({ createdAt: new Date(Date.now() - 5 * DAY), expiresAt: new Date(Date.now() - DAY) }).where(eq(paymentLinks.linkId, l1.linkId));
    const g = (await genericLink(k.cookies.org_admin, { organizationId: k.org.id })).json();
    await invoiceLink(b.cookies.org_admin, (await invoice(b)).id);

    const res = await t.call({ url: '/api/payment-links', cookie: k.cookies.manager });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((l: { linkId: string }) => l.linkId)).toEqual([g.linkId, l1.linkId]);
    expect(res.json()[1]).toMatchObject({ invoiceNumber: i1.invoiceNumber, status: 'expired', amount: '100.00' });
    const paged = await t.call({ url: '/api/payment-links?limit=1&offset=1', cookie: k.cookies.org_admin });
    expect(paged.json().map((l: { linkId: string }) => l.linkId)).toEqual([l1.linkId]);
    const searched = await t.call({ url: `/api/payment-links?q=${i1.invoiceNumber}`, cookie: k.cookies.org_admin });
    expect(searched.json().map((l: { linkId: string }) => l.linkId)).toEqual([l1.linkId]);
  });

  it("names each link's organization, so the super user's list shows whose link it is", async () => {
    const k = await kit();
    const mine = (await invoiceLink(k.cookies.org_admin, (await invoice(k)).id)).json();
    const theirs = (await invoiceLink(b.cookies.org_admin, (await invoice(b)).id)).json();
    expect(mine.organizationId).toBe(k.org.id);
    const su = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    const res = await t.call({ url: '/api/payment-links?limit=100', cookie: su });
    const byLink = new Map(res.json().map((l: { linkId: string; organizationId: number }) => [l.linkId, l.organizationId]));
    expect(byLink.get(mine.linkId)).toBe(k.org.id);
    expect(byLink.get(theirs.linkId)).toBe(b.org.id);
  });

  it('is refused to employees and customers', async () => {
    expect((await t.call({ url: '/api/payment-links', cookie: a.cookies.employee })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/payment-links', cookie: a.cookies.customer })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/payment-links' })).statusCode).toBe(401);
  });
});

describe('public pay page', () => {
  it('open counts a click and shows the invoice summary and only the published organization details', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/invoices',
      cookie: a.cookies.org_admin,
      payload: {
        customerId: a.customerId,
        status: 'sent',
        dueDate: '2030-01-15T00:00:00.000Z',
        lineItems: [
          { description: 'Pipe repair', quantity: 2, rate: '45.50' },
          { description: 'Call-out', quantity: 1, rate: '30' },
        ],
      },
    });
    const inv = created.json();
    const link = (await invoiceLink(a.cookies.org_admin, inv.id)).json();

    const res = await open(link.linkId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      linkId: link.linkId,
      status: 'active',
      organization: { name: "Zoë O'Brien Plumbing", logo: '/uploads/1/logo.png', phone: '5553331234', email: 'billing@obrien.example' },
      invoice: {
        invoiceNumber: inv.invoiceNumber,
        customerName: 'Zoë Payer',
        total: '121.00',
        balanceDue: '121.00',
        dueDate: '2030-01-15T00:00:00.000Z',
        lineItems: [
          { description: 'Pipe repair', quantity: '2.00', rate: '45.50', amount: '91.00' },
          { description: 'Call-out', quantity: '1.00', rate: '30.00', amount: '30.00' },
        ],
        installment: null,
      },
      amount: '121.00',
      description: `Invoice ${inv.invoiceNumber}`,
      expiresAt: link.expiresAt,
      // No active processor: the built-in test gateway takes the payment, and the page says so from its first step.
      testMode: true,
    });
    await open(link.linkId);
    const row = await linkRow(link.linkId);
    expect(row.clickCount).toBe(2);
    expect(row.lastClickedAt).not.toBeNull();
  });

  it('answers 404 for an unknown link', async () => {
    for (const id of ['nope', randomUUID(), 'x'.repeat(90)]) {
      const res = await open(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Payment link not found' });
    }
    expect((await intent('nope', { paymentType: 'card' })).json()).toEqual({ code: 'NOT_FOUND', message: 'Payment link not found' });
  });

  it('an invoice link pays the balance due whatever amount is sent, then is completed', async () => {
    const inv = await invoice(a, { total: '80.00' });
    await t.database.db.insert(payments).values({ organizationId: a.org.id, invoiceId: inv.id, amount: '30.00', status: 'completed' });
    const link = (await invoiceLink(a.cookies.org_admin, inv.id)).json();

    const declined = await intent(link.linkId, { paymentType: 'card' });
    expect((await confirm({ clientSecret: declined.json().clientSecret, card: CARD_DECLINED })).statusCode).toBe(402);
    expect((await open(link.linkId)).json().status).toBe('active');

    const res = await intent(link.linkId, { paymentType: 'card', amount: '1.00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: '50.00', paymentType: 'card', processor: 'test', testMode: true });
    const [attempt] = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, res.json().intentId));
    expect(attempt).toMatchObject({ organizationId: a.org.id, invoiceId: inv.id, source: 'link', paymentLinkId: link.id, amount: '50.00' });

    const done = await confirm({ clientSecret: res.json().clientSecret, card: CARD_OK });
    expect(done.statusCode).toBe(200);
    expect(done.json().invoiceStatus).toBe('paid');
    expect((await linkRow(link.linkId)).status).toBe('completed');
    expect((await open(link.linkId)).json()).toMatchObject({ status: 'completed', invoice: { balanceDue: '0.00' } });
    const again = await intent(link.linkId, { paymentType: 'card' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'This payment link has already been paid' });
    const list = (await t.call({ url: '/api/payment-links?limit=500', cookie: a.cookies.org_admin })).json();
    expect(list.find((l: { linkId: string }) => l.linkId === link.linkId)).toMatchObject({ status: 'completed' });
  });

  it('an invoice paid some other way shows its link as completed', async () => {
    const inv = await invoice(a, { total: '20.00' });
    const link = (await invoiceLink(a.cookies.org_admin, inv.id)).json();
    await t.call({ method: 'POST', url: '/api/payments', cookie: a.cookies.org_admin, payload: { invoiceId: inv.id, amount: '20.00' } });
    expect((await open(link.linkId)).json().status).toBe('completed');
    expect((await intent(link.linkId, { paymentType: 'card' })).statusCode).toBe(409);
  });

  it('an expired link is shown as expired and takes no payment', async () => {
    const link = (await invoiceLink(a.cookies.org_admin, (await invoice(a)).id)).json();
    await t.database.db.update(paymentLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentLinks.linkId, link.linkId));
    expect((await open(link.linkId)).json().status).toBe('expired');
    const res = await intent(link.linkId, { paymentType: 'card' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'This payment link has expired' });
  });

  it('the generic link takes any amount with a name and description, by card or bank, and stays open', async () => {
    const k = await kit({ name: 'Łódź Lawn Care' });
    const link = (await genericLink(k.cookies.org_admin, { organizationId: k.org.id })).json();
    const page = (await open(link.linkId)).json();
    expect(page).toMatchObject({ status: 'active', invoice: null, amount: null, organization: { name: 'Łódź Lawn Care' } });

    const noAmount = await intent(link.linkId, { customerName: 'Pat', description: 'Hedge', paymentType: 'card' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().issues).toEqual([{ path: 'amount', message: 'Amount is required' }]);
    const noName = await intent(link.linkId, { amount: '10.00', description: 'Hedge', paymentType: 'card' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues).toEqual([{ path: 'customerName', message: 'When no invoice is selected, customer name and description are required' }]);
    const noDescription = await intent(link.linkId, { amount: '10.00', customerName: 'Pat', description: '  ', paymentType: 'card' });
    expect(noDescription.json().issues).toEqual([{ path: 'description', message: 'When no invoice is selected, customer name and description are required' }]);
    const badAmount = await intent(link.linkId, { amount: '10.001', customerName: 'Pat', description: 'Hedge' });
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().issues[0]).toMatchObject({ path: 'amount', message: 'Amount can have at most 2 decimal places' });
    const badType = await intent(link.linkId, { amount: '10.00', customerName: 'Pat', description: 'Hedge', paymentType: 'cash' });
    expect(badType.json().issues[0]).toMatchObject({ path: 'paymentType', message: 'Payment type must be card or bank' });

    const card = await intent(link.linkId, { amount: '12.34', customerName: 'Pat Payer', description: 'Hedge trimming', paymentType: 'card' });
    expect(card.json()).toMatchObject({ amount: '12.34', paymentType: 'card' });
    expect((await confirm({ clientSecret: card.json().clientSecret, card: CARD_OK })).statusCode).toBe(200);

    const bank = await intent(link.linkId, { amount: '99.00', customerName: 'Sam Payer', description: 'Lawn', paymentType: 'bank' });
    expect(bank.json().paymentType).toBe('bank');
    expect((await confirm({ clientSecret: bank.json().clientSecret, bank: { routingNumber: '110000000', accountNumber: '000123456' } })).statusCode).toBe(200);

    const booked = await t.database.db.select().from(payments).where(eq(payments.organizationId, k.org.id));
    expect(booked.map((p) => [p.amount, p.customerName, p.description, p.method]).sort()).toEqual([
      ['12.34', 'Pat Payer', 'Hedge trimming', 'credit_card'],
      ['99.00', 'Sam Payer', 'Lawn', 'bank_transfer'],
    ]);
    expect((await linkRow(link.linkId)).status).toBe('active');
    expect((await open(link.linkId)).json().status).toBe('active');
  });
});
