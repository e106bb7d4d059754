import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalTokenFromAddress } from '../../../contracts/customer-portal';
import { ROLE_PERMISSIONS, ROLES, type Role } from '../../../contracts/permissions';
import { auditLog, customers, invoices, outbox, paymentAttempts, paymentProcessors, payments, portalTokens, savedPaymentMethods, setupAttempts, users } from '../../db/schema/index';
import { hashToken } from '../../platform/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, pdfText } from '../documents/documents.test-kit';
import { createPortalLink } from '../documents/create-portal-link';

const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
const CARD_DECLINED = { number: '4000000000000002', expMonth: 12, expYear: 2035, cvc: '123' };

/** A stand-in for api.stripe.com: just the calls saving a card makes. */
function stripeDouble() {
  const calls: { method: string; path: string; body: string }[] = [];
  let setupStatus = 'succeeded';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      calls.push({ method: req.method ?? '', path, body: decodeURIComponent(body) });
      const send = (o: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(o));
      };
      if (req.method === 'POST' && path === '/v1/customers') return send({ id: 'cus_double1', object: 'customer' });
      if (req.method === 'POST' && path === '/v1/setup_intents') {
        return send({ id: 'seti_double1', object: 'setup_intent', client_secret: 'seti_double1_secret_abcdef', status: 'requires_payment_method' });
      }
      if (req.method === 'GET' && path === '/v1/setup_intents/seti_double1') {
        return send({
          id: 'seti_double1',
          object: 'setup_intent',
          status: setupStatus,
          last_setup_error: setupStatus === 'succeeded' ? null : { message: 'Your card was declined.' },
          payment_method:
            setupStatus === 'succeeded'
              ? { id: 'pm_double1', object: 'payment_method', type: 'card', card: { brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 } }
              : null,
        });
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `No double for ${req.method} ${path}` } }));
    });
  });
  return { server, calls, setStatus: (s: string) => (setupStatus = s) };
}

let t: TestApp;
let stripe: ReturnType<typeof stripeDouble>;
let orgA: { id: number };
let orgB: { id: number };
let pat: { id: number };
let other: { id: number };
let customerB: { id: number };
let admin: string;
let adminId: number;
let employee: string;
let employeeId: number;
let patUser: string;
let strangerUser: string;
let guest: string;
let managerB: string;
let superUser: string;

beforeAll(async () => {
  stripe = stripeDouble();
  await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
  const port = (stripe.server.address() as AddressInfo).port;
  t = await createTestApp({ STRIPE_API_BASE: `http://127.0.0.1:${port}` });
  orgA = await t.createOrganization({ name: 'Acme Plumbing' });
  orgB = await t.createOrganization();
  pat = await createCustomer(t, orgA.id, { name: 'Pat Portal', email: 'pat@example.com', phone: '5553331234', city: 'Springfield' });
  other = await createCustomer(t, orgA.id, { name: 'Other Person', email: 'other@example.com' });
  customerB = await createCustomer(t, orgB.id, { name: 'B Person', email: 'pat@example.com' });
  const as = async (role: string, organizationId: number | null, email?: string) =>
    t.cookieFor((await t.createUser({ role, organizationId, ...(email ? { email } : {}) })).id);
  const adminUser = await t.createUser({ role: 'org_admin', organizationId: orgA.id });
  adminId = adminUser.id;
  admin = await t.cookieFor(adminId);
  const employeeUser = await t.createUser({ role: 'employee', organizationId: orgA.id });
  employeeId = employeeUser.id;
  employee = await t.cookieFor(employeeId);
  patUser = await as('customer', orgA.id, 'Pat@Example.COM');
  strangerUser = await as('customer', orgA.id, 'nobody@example.com');
  guest = await as('guest', orgA.id);
  managerB = await as('manager', orgB.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => stripe?.server.close(resolve));
});

const get = (url: string, cookie?: string, headers?: Record<string, string>) => t.call({ url, cookie, headers });
const post = (url: string, payload?: object, cookie?: string) => t.call({ method: 'POST', url, cookie, payload });

async function invoiceFor(customerId: number, values: { status?: string; dueDate?: string; rate?: string; organizationId?: number } = {}) {
  const cookie = values.organizationId === orgB?.id ? managerB : admin;
  const res = await post(
    '/api/invoices',
    {
      customerId,
      status: values.status ?? 'sent',
      dueDate: values.dueDate ?? '2099-01-01T00:00:00.000Z',
      lineItems: [{ description: 'Work', quantity: 1, rate: values.rate ?? '100.00' }],
    },
    cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; invoiceNumber: string; total: string };
}

/** The portal link in the newest e-mail to `to` (the outbox keeps the whole text: no SMTP in tests). */
async function mailedLink(to: string): Promise<string> {
  const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  const url = mail?.text.match(/\S*\/customer-portal\S*/)?.[0];
  expect(url, `no portal link mailed to ${to}`).toBeDefined();
  return url!;
}

/** A portal link for the customer, the way staff send one; answers the raw token from the e-mailed URL. */
async function tokenFor(customerId: number, cookie = admin): Promise<string> {
  const res = await post(`/api/customers/${customerId}/portal-link`, {}, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(await mailedLink(res.json().emailedTo));
  return portalTokenFromAddress(url.search, url.hash)!;
}

describe('portal access', () => {
  it('refuses a caller without a session or token with 401', async () => {
    const res = await get('/api/portal');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'Not signed in' });
    expect((await get(`/api/portal?customer=${pat.id}`)).statusCode).toBe(401);
  });

  it('a portal link opens its customer, by query or header', async () => {
    const token = await tokenFor(pat.id);
    const res = await get(`/api/portal?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ viewer: 'token', customer: { id: pat.id, name: 'Pat Portal', email: 'pat@example.com' }, organization: { name: 'Acme Plumbing' } });
    const byHeader = await get('/api/portal', undefined, { 'x-portal-token': token });
    expect(byHeader.json().customer.id).toBe(pat.id);
  });

  it('a wrong or expired token answers 401 with the clear message, even for a signed-in caller', async () => {
    const wrong = await get('/api/portal?token=not-a-real-token');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'This portal link is invalid or has expired' });
    expect((await get('/api/portal?token=not-a-real-token', admin)).statusCode).toBe(401);

    const token = await tokenFor(pat.id);
    await t.database.db.update(portalTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(portalTokens.tokenHash, hashToken(token)));
    const expired = await get(`/api/portal?token=${token}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('This portal link is invalid or has expired');
  });

  it("a token does not open another customer's records", async () => {
    const token = await tokenFor(pat.id);
    expect((await get(`/api/customers/${other.id}/payment-methods?token=${token}`)).statusCode).toBe(404);
    expect((await get(`/api/customers/${customerB.id}/payment-methods?token=${token}`)).statusCode).toBe(404);
    expect((await get(`/api/customers/${pat.id}/payment-methods?token=${token}`)).statusCode).toBe(200);
  });

  it('a signed-in customer sees the record with their e-mail (any case), and only that one', async () => {
    const res = await get('/api/portal', patUser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ viewer: 'customer', customer: { id: pat.id } });
    // Same e-mail in organization B is not theirs.
    expect(res.json().customer.id).not.toBe(customerB.id);
    const asked = await get(`/api/portal?customer=${other.id}`, patUser);
    expect(asked.statusCode).toBe(404);
    expect((await get(`/api/customers/${other.id}/payment-methods`, patUser)).statusCode).toBe(404);
    expect((await get(`/api/customers/${customerB.id}/payment-methods`, patUser)).statusCode).toBe(404);
  });

  it('a customer user without a matching record gets 404 with the message', async () => {
    const res = await get('/api/portal', strangerUser);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No customer record matches your account' });
  });

  it('staff with view_customers preview their own customers only; a super user any', async () => {
    const own = await get(`/api/portal?customer=${pat.id}`, employee);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ viewer: 'staff', customer: { id: pat.id } });
    const cross = await get(`/api/portal?customer=${pat.id}`, managerB);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ code: 'NOT_FOUND', message: 'Customer not found' });
    expect((await get(`/api/portal?customer=${customerB.id}`, superUser)).json().customer.id).toBe(customerB.id);
    // Staff without a customer to preview, and guests, have no way in.
    expect((await get('/api/portal', employee)).statusCode).toBe(401);
    expect((await get(`/api/portal?customer=${pat.id}`, guest)).statusCode).toBe(401);
  });

  it('portal access turned off refuses the token and the customer user with 403; staff preview still works', async () => {
    const off = await createCustomer(t, orgA.id, { name: 'Off Person', email: 'off@example.com' });
    const offUser = await t.cookieFor((await t.createUser({ role: 'customer', organizationId: orgA.id, email: 'off@example.com' })).id);
    const { token } = await createPortalLink(t.database.db, t.config, { organizationId: orgA.id, customerId: off.id, createdByUserId: adminId });
    // Turned off behind the application's back (no revocation): the access flag alone still refuses the link.
    await t.database.db.update(customers).set({ portalAccessEnabled: false }).where(eq(customers.id, off.id));
    for (const res of [await get(`/api/portal?token=${token}`), await get('/api/portal', offUser)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Portal access is not enabled for this account' });
    }
    expect((await get(`/api/portal?customer=${off.id}`, admin)).statusCode).toBe(200);
  });
});

describe('portal content', () => {
  it('lists the customer’s invoices without drafts, their payments and the summary in cents', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Summary Person', email: 'summary@example.com' });
    const sent = await invoiceFor(c.id, { rate: '100.10' });
    const late = await invoiceFor(c.id, { rate: '50.20', dueDate: '2020-01-01T00:00:00.000Z' });
    const draft = await invoiceFor(c.id, { status: 'draft', rate: '999.00' });
    const paid = await invoiceFor(c.id, { rate: '30.00' });
    await invoiceFor(other.id, { rate: '700.00' });
    await post('/api/payments', { invoiceId: paid.id, amount: '30.00', method: 'cash' }, admin);
    await post('/api/payments', { invoiceId: sent.id, amount: '0.30', method: 'check' }, admin);

    const res = await get(`/api/portal?customer=${c.id}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.invoices.map((i: { id: number }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([sent.id, late.id, paid.id]));
    expect(ids).not.toContain(draft.id);
    expect(ids).toHaveLength(3);
    expect(body.invoices.find((i: { id: number }) => i.id === sent.id)).toMatchObject({ status: 'sent', total: '100.10', balanceDue: '99.80', isOverdue: false });
    expect(body.invoices.find((i: { id: number }) => i.id === late.id)).toMatchObject({ isOverdue: true, balanceDue: '50.20', dueDate: '2020-01-01T00:00:00.000Z' });
    expect(body.invoices.find((i: { id: number }) => i.id === paid.id)).toMatchObject({ status: 'paid', balanceDue: '0.00', isOverdue: false });
    // 99.80 + 50.20 (both sent); overdue only the late one; paid 30.00 + 0.30 over two payments.
    expect(body.summary).toEqual({ outstandingBalance: '150.00', overdueAmount: '50.20', totalPaid: '30.30', paymentCount: 2 });
    expect(body.payments).toHaveLength(2);
    expect(body.payments.map((p: { invoiceNumber: string }) => p.invoiceNumber).sort()).toEqual([paid.invoiceNumber, sent.invoiceNumber].sort());
    expect(body.payments[0]).toEqual({
      id: expect.any(Number),
      invoiceId: expect.any(Number),
      invoiceNumber: expect.any(String),
      amount: expect.any(String),
      receivedDate: expect.any(String),
      method: expect.any(String),
    });
    expect(body.paymentMethods).toEqual([]);
  });
});

describe('paying an invoice in the portal', () => {
  it('4242... pays the balance due, marks the invoice paid and shows in payments', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Payer', email: 'payer@example.com' });
    const inv = await invoiceFor(c.id, { rate: '120.00' });
    await post('/api/payments', { invoiceId: inv.id, amount: '20.00', method: 'cash' }, admin);
    const token = await tokenFor(c.id);

    const intent = await post(`/api/invoices/${inv.id}/payment-intent?token=${token}`);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json()).toMatchObject({ processor: 'test', testMode: true, amount: '100.00', paymentType: 'card', clientSecret: expect.stringMatching(/^tgpi_/) });

    const confirmed = await post('/api/payment-intents/confirm', { clientSecret: intent.json().clientSecret, card: CARD_OK });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', invoiceStatus: 'paid', payment: { amount: '100.00', method: 'credit_card' } });

    const portal = (await get(`/api/portal?token=${token}`)).json();
    expect(portal.invoices[0]).toMatchObject({ id: inv.id, status: 'paid', balanceDue: '0.00' });
    expect(portal.payments.map((p: { amount: string; invoiceId: number }) => [p.invoiceId, p.amount])).toEqual(
      expect.arrayContaining([
        [inv.id, '100.00'],
        [inv.id, '20.00'],
      ]),
    );
    expect(portal.summary).toMatchObject({ totalPaid: '120.00', paymentCount: 2, outstandingBalance: '0.00' });

    const again = await post(`/api/invoices/${inv.id}/payment-intent?token=${token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'Only sent invoices can be paid online' });
  });

  it('a declined card records nothing and leaves the invoice sent', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Decliner', email: 'decliner@example.com' });
    const inv = await invoiceFor(c.id);
    const token = await tokenFor(c.id);
    const intent = (await post(`/api/invoices/${inv.id}/payment-intent?token=${token}`)).json();
    const res = await post('/api/payment-intents/confirm', { clientSecret: intent.clientSecret, card: CARD_DECLINED });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    const recorded = await t.database.db.select().from(payments).where(eq(payments.invoiceId, inv.id));
    expect(recorded).toEqual([]);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row.status).toBe('sent');
    expect((await get(`/api/portal?token=${token}`)).json().payments).toEqual([]);
  });

  it('a signed-in customer pays their own invoice; staff preview only with process_payments', async () => {
    const inv = await invoiceFor(pat.id, { rate: '10.00' });
    expect((await post(`/api/invoices/${inv.id}/payment-intent`, {}, patUser)).json()).toMatchObject({ amount: '10.00' });
    expect((await post(`/api/invoices/${inv.id}/payment-intent?customer=${pat.id}`, {}, admin)).statusCode).toBe(200);
    const refused = await post(`/api/invoices/${inv.id}/payment-intent?customer=${pat.id}`, {}, employee);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: 'Only the customer or staff who process payments can pay or save a card here' });
  });

  it("refuses another customer's, another organization's and draft invoices, and callers without access", async () => {
    const token = await tokenFor(pat.id);
    const othersInvoice = await invoiceFor(other.id);
    const bInvoice = await invoiceFor(customerB.id, { organizationId: orgB.id });
    const draft = await invoiceFor(pat.id, { status: 'draft' });
    for (const id of [othersInvoice.id, bInvoice.id, draft.id]) {
      const res = await post(`/api/invoices/${id}/payment-intent?token=${token}`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Invoice not found' });
    }
    expect((await post(`/api/invoices/${othersInvoice.id}/payment-intent`, {}, patUser)).statusCode).toBe(404);
    expect((await post(`/api/invoices/${bInvoice.id}/payment-intent?customer=${customerB.id}`, {}, admin)).statusCode).toBe(404);
    expect((await post(`/api/invoices/${othersInvoice.id}/payment-intent`)).statusCode).toBe(401);
    const attempts = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.invoiceId, bInvoice.id));
    expect(attempts).toEqual([]);
  });
});

describe('saving a card (setup intent)', () => {
  it('the test gateway saves a card; the first is the default; a declined card is refused and saves nothing', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Saver', email: 'saver@example.com' });
    const token = await tokenFor(c.id);
    const start = await post(`/api/customers/${c.id}/setup-intent?token=${token}`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ processor: 'test', testMode: true, publishableKey: null, intentId: expect.stringMatching(/^tgseti_/) });
    const [attempt] = await t.database.db.select().from(setupAttempts).where(eq(setupAttempts.intentId, start.json().intentId));
    expect(attempt).toMatchObject({ customerId: c.id, organizationId: orgA.id, processor: 'test', clientSecretHash: hashToken(start.json().clientSecret) });

    const declined = await post('/api/setup-intents/confirm', { clientSecret: start.json().clientSecret, card: CARD_DECLINED });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });
    expect(await t.database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.customerId, c.id))).toEqual([]);

    // The same setup takes another card after a decline.
    const saved = await post('/api/setup-intents/confirm', { clientSecret: start.json().clientSecret, card: CARD_OK });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id: expect.any(Number), brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2035, isDefault: true });
    // Confirming twice saves once.
    const twice = await post('/api/setup-intents/confirm', { clientSecret: start.json().clientSecret, card: CARD_OK });
    expect(twice.json().id).toBe(saved.json().id);

    const second = (await post(`/api/customers/${c.id}/setup-intent?token=${token}`)).json();
    const mc = await post('/api/setup-intents/confirm', { clientSecret: second.clientSecret, card: { ...CARD_OK, number: '5555 5555 5555 4444', expMonth: 3 } });
    expect(mc.json()).toMatchObject({ brand: 'mastercard', last4: '4444', expiryMonth: 3, isDefault: false });

    const list = await get(`/api/customers/${c.id}/payment-methods?token=${token}`);
    expect(list.json().map((m: { last4: string; isDefault: boolean }) => [m.last4, m.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);
    expect((await get(`/api/portal?token=${token}`)).json().paymentMethods).toHaveLength(2);
  });

  it('refuses a wrong secret (404) and a missing card (400 naming card)', async () => {
    const start = (await post(`/api/customers/${pat.id}/setup-intent`, {}, patUser)).json();
    const wrong = await post('/api/setup-intents/confirm', { clientSecret: `${start.intentId}_secret_wrongwrongwrong`, card: CARD_OK });
    expect(wrong.statusCode).toBe(404);
    const noCard = await post('/api/setup-intents/confirm', { clientSecret: start.clientSecret });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().issues).toEqual([{ path: 'card', message: 'Card details are required' }]);
  });

  it("refuses a setup intent for another customer or organization, and without access", async () => {
    const token = await tokenFor(pat.id);
    expect((await post(`/api/customers/${other.id}/setup-intent?token=${token}`)).statusCode).toBe(404);
    expect((await post(`/api/customers/${other.id}/setup-intent`, {}, patUser)).statusCode).toBe(404);
    expect((await post(`/api/customers/${customerB.id}/setup-intent`, {}, admin)).statusCode).toBe(404);
    expect((await post(`/api/customers/${pat.id}/setup-intent`)).statusCode).toBe(401);
    const rows = await t.database.db.select().from(setupAttempts).where(eq(setupAttempts.customerId, customerB.id));
    expect(rows).toEqual([]);
  });

  it('with an active Stripe processor: creates the Stripe customer once, and saves the card Stripe reports', async () => {
    const org = await t.createOrganization();
    await t.database.db.insert(paymentProcessors).values({
      organizationId: org.id,
      displayName: 'Stripe',
      processorType: 'stripe',
      isActive: true,
      testMode: true,
      configuration: { secretKey: `sk_test_${'a1'.repeat(12)}`, publishableKey: `pk_test_${'b2'.repeat(12)}` },
    });
    const c = await createCustomer(t, org.id, { name: 'Stripe Person', email: 'stripe@example.com' });
    const { token } = await createPortalLink(t.database.db, t.config, { organizationId: org.id, customerId: c.id, createdByUserId: null });

    const start = await post(`/api/customers/${c.id}/setup-intent?token=${token}`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toEqual({
      clientSecret: 'seti_double1_secret_abcdef',
      intentId: 'seti_double1',
      processor: 'stripe',
      testMode: true,
      publishableKey: `pk_test_${'b2'.repeat(12)}`,
    });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row.stripeCustomerId).toBe('cus_double1');
    expect(stripe.calls.find((x) => x.path === '/v1/setup_intents')?.body).toContain('customer=cus_double1');

    stripe.setStatus('requires_payment_method');
    const refused = await post('/api/setup-intents/confirm', { clientSecret: 'seti_double1_secret_abcdef' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });

    stripe.setStatus('succeeded');
    const saved = await post('/api/setup-intents/confirm', { clientSecret: 'seti_double1_secret_abcdef' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ brand: 'mastercard', last4: '4444', expiryMonth: 7, expiryYear: 2031, isDefault: true });
    const [method] = await t.database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.customerId, c.id));
    expect(method).toMatchObject({ processor: 'stripe', providerMethodId: 'pm_double1' });

    // The Stripe customer is reused for the next card.
    await post(`/api/customers/${c.id}/setup-intent?token=${token}`);
    expect(stripe.calls.filter((x) => x.path === '/v1/customers')).toHaveLength(1);
  });
});

describe('invoice PDF from the portal', () => {
  it('downloads the customer’s invoice as invoice-{number}.pdf', async () => {
    const inv = await invoiceFor(pat.id, { rate: '42.00' });
    const token = await tokenFor(pat.id);
    const res = await get(`/api/portal/invoices/${inv.id}/pdf?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${inv.invoiceNumber}.pdf"`);
    expect(await pdfText(res.rawPayload)).toContain(inv.invoiceNumber);
    expect((await get(`/api/portal/invoices/${inv.id}/pdf`, patUser)).statusCode).toBe(200);
    expect((await get(`/api/portal/invoices/${inv.id}/pdf?customer=${pat.id}`, superUser)).statusCode).toBe(200);
  });

  it("refuses other customers', other organizations' and draft invoices, and callers without access", async () => {
    const token = await tokenFor(pat.id);
    const othersInvoice = await invoiceFor(other.id);
    const bInvoice = await invoiceFor(customerB.id, { organizationId: orgB.id });
    const draft = await invoiceFor(pat.id, { status: 'draft' });
    for (const id of [othersInvoice.id, bInvoice.id, draft.id]) {
      const res = await get(`/api/portal/invoices/${id}/pdf?token=${token}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Invoice not found' });
    }
    expect((await get(`/api/portal/invoices/${bInvoice.id}/pdf?customer=${customerB.id}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/portal/invoices/${othersInvoice.id}/pdf`)).statusCode).toBe(401);
    expect((await get(`/api/portal/invoices/${othersInvoice.id}/pdf?token=wrong`)).statusCode).toBe(401);
  });
});

describe('e-mailing a portal link', () => {
  it('creates a 30-day link with the token in the fragment, e-mails it to the customer, keeps only its hash and its sender', async () => {
    const res = await post(`/api/customers/${pat.id}/portal-link`, {}, employee);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Staff learn where the link went and until when, never the link.
    expect(Object.keys(body).sort()).toEqual(['emailedTo', 'expiresAt']);
    expect(body.emailedTo).toBe('pat@example.com');
    const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const url = await mailedLink('pat@example.com');
    expect(url).toMatch(new RegExp(`^${t.config.appUrl}/customer-portal#token=[A-Za-z0-9_-]{43}$`));
    const token = portalTokenFromAddress('', new URL(url).hash)!;
    const [stored] = await t.database.db.select().from(portalTokens).where(eq(portalTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ customerId: pat.id, organizationId: orgA.id, createdByUserId: employeeId, revokedAt: null });
    const mails = await t.database.db.select().from(outbox).where(and(eq(outbox.to, 'pat@example.com'), eq(outbox.organizationId, orgA.id)));
    expect(mails.some((m) => m.text.includes(url) && m.subject === 'Your customer portal at Acme Plumbing')).toBe(true);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'customer.portal_link_sent'));
    expect(audits.some((a) => a.entityId === pat.id)).toBe(true);
  });

  it('an invoice e-mail carries a fragment link whose creator is the sender', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Invoice Mail', email: 'invoice-mail@example.com' });
    const inv = await invoiceFor(c.id, { rate: '12.00' });
    const sent = await post(`/api/invoices/${inv.id}/email`, {}, admin);
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const url = await mailedLink('invoice-mail@example.com');
    expect(url).toMatch(/\/customer-portal#token=/);
    const token = portalTokenFromAddress('', new URL(url).hash)!;
    const [stored] = await t.database.db.select().from(portalTokens).where(eq(portalTokens.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ customerId: c.id, createdByUserId: adminId });
    expect((await get('/api/portal', undefined, { 'x-portal-token': token })).json().customer.id).toBe(c.id);
  });

  it('answers 400 for a customer without e-mail or without portal access', async () => {
    const noMail = await createCustomer(t, orgA.id, { name: 'No Mail', email: null });
    const res = await post(`/api/customers/${noMail.id}/portal-link`, {}, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This customer has no e-mail address');
    const off = await createCustomer(t, orgA.id, { name: 'No Portal', email: 'noportal@example.com', portalAccessEnabled: false });
    const disabled = await post(`/api/customers/${off.id}/portal-link`, {}, admin);
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe('Portal access is not enabled for this account');
  });

  it('another organization’s customer is a 404; customers and signed-out callers are refused', async () => {
    const res = await post(`/api/customers/${pat.id}/portal-link`, {}, managerB);
    expect(res.statusCode).toBe(404);
    expect((await post(`/api/customers/${pat.id}/portal-link`, {}, patUser)).statusCode).toBe(403);
    expect((await post(`/api/customers/${pat.id}/portal-link`)).statusCode).toBe(401);
  });

  it('createPortalLink refuses a customer of another organization', async () => {
    await expect(createPortalLink(t.database.db, t.config, { organizationId: orgB.id, customerId: pat.id, createdByUserId: null })).rejects.toMatchObject({ status: 404 });
  });

  it('createPortalLink refuses a customer without portal access (400) and a deactivated sender (403), writing nothing', async () => {
    const off = await createCustomer(t, orgA.id, { name: 'No Link', email: 'nolink@example.com', portalAccessEnabled: false });
    await expect(createPortalLink(t.database.db, t.config, { organizationId: orgA.id, customerId: off.id, createdByUserId: adminId })).rejects.toMatchObject({
      status: 400,
      message: 'Portal access is not enabled for this account',
    });
    const gone = await t.createUser({ role: 'manager', organizationId: orgA.id, isActive: false });
    await expect(createPortalLink(t.database.db, t.config, { organizationId: orgA.id, customerId: pat.id, createdByUserId: gone.id })).rejects.toMatchObject({ status: 403 });
    expect(await t.database.db.select().from(portalTokens).where(eq(portalTokens.customerId, off.id))).toEqual([]);
    expect(await t.database.db.select().from(portalTokens).where(eq(portalTokens.createdByUserId, gone.id))).toEqual([]);
  });
});

describe('who may move money in the portal (payment intent, setup intent)', () => {
  /** Every role of the role table, previewing Pat's portal (a super user too), plus the ways a customer comes in. */
  it('the customer (signed in or by link) and staff with process_payments may; every other role gets 403 and nothing is started', async () => {
    const inv = await invoiceFor(pat.id, { rate: '15.00' });
    const token = await tokenFor(pat.id);
    const intents = async () => (await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.invoiceId, inv.id))).length;
    const setups = async () => (await t.database.db.select().from(setupAttempts).where(eq(setupAttempts.customerId, pat.id))).length;

    for (const role of ROLES) {
      const email = role === 'customer' ? 'pat@example.com' : undefined;
      const user = await t.createUser({ role, organizationId: role === 'super_user' ? null : orgA.id, ...(email ? { email } : {}) });
      const cookie = await t.cookieFor(user.id);
      const query = role === 'customer' ? '' : `?customer=${pat.id}`;
      const [intentsBefore, setupsBefore] = [await intents(), await setups()];
      const pay = await post(`/api/invoices/${inv.id}/payment-intent${query}`, {}, cookie);
      const save = await post(`/api/customers/${pat.id}/setup-intent`, {}, cookie);
      const portal = await get(`/api/portal${query}`, cookie);
      if (role === 'guest') {
        // No customer record to act for and nothing to preview.
        for (const res of [pay, save, portal]) expect(res.statusCode, role).toBe(401);
        continue;
      }
      const may = role === 'customer' || ROLE_PERMISSIONS[role as Role].includes('process_payments');
      expect(pay.statusCode, `${role} payment-intent`).toBe(may ? 200 : 403);
      expect(save.statusCode, `${role} setup-intent`).toBe(may ? 200 : 403);
      expect(portal.json().canPay, role).toBe(may);
      if (!may) {
        for (const res of [pay, save]) expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Only the customer or staff who process payments can pay or save a card here' });
        expect(await intents(), role).toBe(intentsBefore);
        expect(await setups(), role).toBe(setupsBefore);
      }
    }
    // The table: admins and super users process payments; managers and employees do not (docs/rules/organizations-and-roles.md#role-table).
    expect(ROLE_PERMISSIONS.manager.includes('process_payments')).toBe(false);
    expect(ROLE_PERMISSIONS.org_admin.includes('process_payments')).toBe(true);

    // A portal link's holder is the customer, whoever else they are signed in as.
    expect((await post(`/api/invoices/${inv.id}/payment-intent`, {}, undefined)).statusCode).toBe(401);
    const viaLink = await t.call({ method: 'POST', url: `/api/invoices/${inv.id}/payment-intent`, headers: { 'x-portal-token': token }, cookie: employee });
    expect(viaLink.statusCode).toBe(200);
    expect((await get('/api/portal', undefined, { 'x-portal-token': token })).json()).toMatchObject({ viewer: 'token', canPay: true });
  });

  it('an employee granted process_payments as an extra permission may take the payment', async () => {
    const inv = await invoiceFor(pat.id, { rate: '16.00' });
    const user = await t.createUser({ role: 'employee', organizationId: orgA.id, permissions: ['process_payments'] });
    const cookie = await t.cookieFor(user.id);
    expect((await post(`/api/invoices/${inv.id}/payment-intent?customer=${pat.id}`, {}, cookie)).statusCode).toBe(200);
    expect((await post(`/api/customers/${pat.id}/setup-intent`, {}, cookie)).statusCode).toBe(200);
    expect((await get(`/api/portal?customer=${pat.id}`, cookie)).json()).toMatchObject({ viewer: 'staff', canPay: true });
  });

  it('another organization is still a 404 before any permission question', async () => {
    const res = await post(`/api/customers/${pat.id}/setup-intent`, {}, managerB);
    expect(res.statusCode).toBe(404);
  });
});

describe('revoking portal links', () => {
  const live = async (customerId: number) =>
    (await t.database.db.select().from(portalTokens).where(eq(portalTokens.customerId, customerId))).filter((r) => !r.revokedAt && r.expiresAt.getTime() > Date.now());

  it('"Revoke links" needs manage_customers, revokes every live link of the customer, answers how many, audits, and the links then read as invalid', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Revoke Me', email: 'revoke@example.com' });
    const first = await tokenFor(c.id);
    const second = await tokenFor(c.id, employee);
    const others = await tokenFor(other.id);
    // An expired link is not counted.
    const old = await tokenFor(c.id);
    await t.database.db.update(portalTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(portalTokens.tokenHash, hashToken(old)));

    const byEmployee = await post(`/api/customers/${c.id}/portal-links/revoke`, {}, employee);
    expect(byEmployee.statusCode).toBe(403);
    expect(await live(c.id)).toHaveLength(2);
    expect((await post(`/api/customers/${c.id}/portal-links/revoke`, {}, patUser)).statusCode).toBe(403);
    expect((await post(`/api/customers/${c.id}/portal-links/revoke`)).statusCode).toBe(401);

    const manager = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: orgA.id })).id);
    const res = await post(`/api/customers/${c.id}/portal-links/revoke`, {}, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const token of [first, second]) {
      const r = await get('/api/portal', undefined, { 'x-portal-token': token });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'This portal link is invalid or has expired' });
      expect((await t.call({ method: 'POST', url: `/api/customers/${c.id}/setup-intent`, headers: { 'x-portal-token': token } })).statusCode).toBe(401);
    }
    // Another customer's link keeps working; revoking again finds nothing.
    expect((await get('/api/portal', undefined, { 'x-portal-token': others })).statusCode).toBe(200);
    expect((await post(`/api/customers/${c.id}/portal-links/revoke`, {}, admin)).json()).toEqual({ revoked: 0 });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'customer.portal_links_revoked'), eq(auditLog.entityId, c.id)));
    expect(audits.map((a) => a.details)).toEqual([{ revoked: 2 }, { revoked: 0 }]);
    // A new link after revoking works.
    expect((await get('/api/portal', undefined, { 'x-portal-token': await tokenFor(c.id) })).statusCode).toBe(200);
    expect((await post(`/api/customers/999999/portal-links/revoke`, {}, admin)).statusCode).toBe(404);
  });

  it('turning portal access off revokes the links for good: turning it on again does not revive them', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Toggle', email: 'toggle@example.com' });
    const token = await tokenFor(c.id);
    const keep = await tokenFor(other.id);
    expect((await t.call({ method: 'PUT', url: `/api/customers/${c.id}`, cookie: admin, payload: { portalAccessEnabled: false } })).statusCode).toBe(200);
    expect(await live(c.id)).toEqual([]);
    expect((await t.call({ method: 'PUT', url: `/api/customers/${c.id}`, cookie: admin, payload: { portalAccessEnabled: true } })).statusCode).toBe(200);
    const res = await get('/api/portal', undefined, { 'x-portal-token': token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'This portal link is invalid or has expired' });
    // Other changes to a customer leave its links alone; other customers' links too.
    const fresh = await tokenFor(c.id);
    expect((await t.call({ method: 'PUT', url: `/api/customers/${c.id}`, cookie: admin, payload: { phone: '5551112222' } })).statusCode).toBe(200);
    expect((await get('/api/portal', undefined, { 'x-portal-token': fresh })).statusCode).toBe(200);
    expect((await get('/api/portal', undefined, { 'x-portal-token': keep })).statusCode).toBe(200);
  });

  it('deactivating the staff member who sent links revokes them; reactivating does not revive them', async () => {
    const c = await createCustomer(t, orgA.id, { name: 'Leaver Customer', email: 'leaver-customer@example.com' });
    const leaver = await t.createUser({ role: 'manager', organizationId: orgA.id });
    const theirs = await tokenFor(c.id, await t.cookieFor(leaver.id));
    const admins = await tokenFor(c.id);
    const put = (isActive: boolean) => t.call({ method: 'PUT', url: `/api/users/${leaver.id}`, cookie: admin, payload: { isActive } });
    expect((await put(false)).statusCode).toBe(200);
    expect((await get('/api/portal', undefined, { 'x-portal-token': theirs })).json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'This portal link is invalid or has expired' });
    expect((await get('/api/portal', undefined, { 'x-portal-token': admins })).statusCode).toBe(200);
    expect((await put(true)).statusCode).toBe(200);
    expect((await get('/api/portal', undefined, { 'x-portal-token': theirs })).statusCode).toBe(401);
  });

  // On PostgreSQL these run truly in parallel (PGlite runs one query at a time, so there they only prove the outcome).
  it('a link being sent while access is turned off, or while its sender is deactivated, never survives as a live link', async () => {
    for (let round = 0; round < 6; round++) {
      const c = await createCustomer(t, orgA.id, { name: `Race ${round}`, email: `race${round}@example.com` });
      const sender = await t.createUser({ role: 'manager', organizationId: orgA.id });
      const senderCookie = await t.cookieFor(sender.id);
      const sends = Array.from({ length: 4 }, () => post(`/api/customers/${c.id}/portal-link`, {}, senderCookie));
      const change =
        round % 2 === 0
          ? t.call({ method: 'PUT', url: `/api/customers/${c.id}`, cookie: admin, payload: { portalAccessEnabled: false } })
          : t.call({ method: 'PUT', url: `/api/users/${sender.id}`, cookie: admin, payload: { isActive: false } });
      const [changed, ...sent] = await Promise.all([change, ...sends]);
      expect(changed.statusCode, changed.body).toBe(200);
      for (const res of sent) expect([200, 400, 401, 403], res.body).toContain(res.statusCode);
      expect(await live(c.id), `round ${round}`).toEqual([]);
      if (round % 2 === 1) {
        const [row] = await t.database.db.select().from(users).where(eq(users.id, sender.id));
        expect(row.isActive).toBe(false);
      }
    }
  });
});
