import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentAttempts, paymentProcessors, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

async function invoice(kit: OrgKit, total = '100.00', status = 'sent') {
  n++;
  const [row] = await t.database.db
    .insert(invoices)
    .values({ organizationId: kit.org.id, invoiceNumber: `INV-9${String(n).padStart(4, '0')}`, customerId: kit.customerId, status, subtotal: total, total })
    .returning();
  return row;
}

const paymentsOf = (invoiceId: number) => t.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
const invoiceRow = async (id: number) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const record = (cookie: string, payload: object) => t.call({ method: 'POST', url: '/api/payments', cookie, payload });
const startIntent = (cookie: string, payload: object) => t.call({ method: 'POST', url: '/api/create-payment-intent', cookie, payload });
const confirm = (payload: object) => t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload });
const card = (number: string) => ({ number, expMonth: 12, expYear: 2035, cvc: '123' });

describe('payments recorded by hand', () => {
  it('a partial payment leaves the invoice sent; the payment that covers it marks it paid with the date', async () => {
    const inv = await invoice(a, '100.00');
    const first = await record(a.admin, { invoiceId: inv.id, amount: 40.1, method: 'check', reference: 'CHK 1001' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: '40.10', method: 'check', invoiceNumber: inv.invoiceNumber, customerName: 'Pat Customer', status: 'completed' });
    expect((await invoiceRow(inv.id)).status).toBe('sent');

    const over = await record(a.admin, { invoiceId: inv.id, amount: '60.00' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Amount cannot exceed the balance due of $59.90');

    const rest = await record(a.admin, { invoiceId: inv.id, amount: '59.90' });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().method).toBe('cash');
    const after = await invoiceRow(inv.id);
    expect(after.status).toBe('paid');
    expect(after.paidDate).not.toBeNull();
    expect((await record(a.admin, { invoiceId: inv.id, amount: '1.00' })).json().message).toBe('This invoice is already paid');
    expect(await paymentsOf(inv.id)).toHaveLength(2);
  });

  it('refuses zero, negative, too many decimals and another organization’s invoice, writing nothing', async () => {
    const inv = await invoice(a);
    expect((await record(a.admin, { invoiceId: inv.id, amount: 0 })).json().message).toBe('Please enter an amount');
    expect((await record(a.admin, { invoiceId: inv.id, amount: -5 })).json().message).toBe('Amount must be greater than zero');
    expect((await record(a.admin, { invoiceId: inv.id, amount: '1.234' })).json().message).toBe('Amount can have at most 2 decimal places');
    expect((await record(a.admin, { invoiceId: inv.id })).json().message).toBe('Amount is required');
    const other = await record(b.admin, { invoiceId: inv.id, amount: 10 });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Invoice not found');
    expect(await paymentsOf(inv.id)).toHaveLength(0);
  });

  it('checks permissions: managers see payments but cannot record; employees and customers reach neither', async () => {
    const inv = await invoice(a);
    expect((await record(a.manager, { invoiceId: inv.id, amount: 10 })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/payments', cookie: a.manager })).statusCode).toBe(200);
    expect((await t.call({ url: '/api/payments', cookie: a.employee })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/payments', cookie: a.customerUser })).statusCode).toBe(403);
    expect((await startIntent(a.manager, { invoiceId: inv.id, amount: 10 })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/payments' })).statusCode).toBe(401);
  });

  it('lists newest first with search and X-Total-Count, only the caller’s organization', async () => {
    const inv = await invoice(a, '500.00');
    await record(a.admin, { invoiceId: inv.id, amount: 5, reference: 'FINDME-77' });
    const res = await t.call({ url: '/api/payments?q=findme', cookie: a.admin });
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()[0].reference).toBe('FINDME-77');
    expect((await t.call({ url: '/api/payments?q=findme', cookie: b.admin })).json()).toEqual([]);
  });
});

describe('card and bank payments through the built-in test gateway', () => {
  it('4242 pays the invoice; confirming the same intent again records nothing more', async () => {
    const inv = await invoice(a, '75.50');
    const intent = await startIntent(a.admin, { invoiceId: inv.id, amount: '75.50', paymentType: 'card' });
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({ processor: 'test', testMode: true, amount: '75.50', publishableKey: null });
    const { clientSecret } = intent.json();

    const results = await Promise.all([1, 2, 3].map(() => confirm({ clientSecret, card: card('4242424242424242') })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => r.json().payment.id));
    expect(ids.size).toBe(1);
    expect(results[0].json()).toMatchObject({ status: 'succeeded', invoiceStatus: 'paid', payment: { amount: '75.50', method: 'credit_card', processor: 'test' } });
    expect(await paymentsOf(inv.id)).toHaveLength(1);
    expect((await invoiceRow(inv.id)).status).toBe('paid');
    // Billing staff get one bell notification for it; employees, who cannot see payments, get none.
    const bell = await t.call({ url: '/api/notifications', cookie: a.admin });
    const received = bell.json().filter((x: { title: string }) => x.title === 'Payment received: $75.50');
    expect(received).toHaveLength(1);
    expect((await t.call({ url: '/api/notifications', cookie: a.employee })).json().some((x: { title: string }) => x.title.startsWith('Payment received'))).toBe(false);
  });

  it('a declined card answers 402 with the processor’s message, records no payment and counts a failed attempt', async () => {
    const inv = await invoice(a, '20.00');
    for (const [number, message] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
    ]) {
      const { clientSecret } = (await startIntent(a.admin, { invoiceId: inv.id, amount: 20 })).json();
      const res = await confirm({ clientSecret, card: card(number) });
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(message);
    }
    expect(await paymentsOf(inv.id)).toHaveLength(0);
    const attempts = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.invoiceId, inv.id));
    expect(attempts.map((x) => x.status)).toEqual(['failed', 'failed']);
    expect((await invoiceRow(inv.id)).status).toBe('sent');
  });

  it('bank transfers: routing 110000000 succeeds; the form’s rules are enforced on the server', async () => {
    const inv = await invoice(a, '30.00');
    const { clientSecret } = (await startIntent(a.admin, { invoiceId: inv.id, amount: 30, paymentType: 'bank' })).json();
    const badRouting = await confirm({ clientSecret, bank: { routingNumber: '12345678', accountNumber: '000123456789' } });
    expect(badRouting.statusCode).toBe(400);
    expect(badRouting.json().message).toBe('Bank: routing number must be exactly 9 digits');
    const badAccount = await confirm({ clientSecret, bank: { routingNumber: '110000000', accountNumber: '12345' } });
    expect(badAccount.json().message).toBe('Bank: account number must be 6-20 digits');
    const ok = await confirm({ clientSecret, bank: { routingNumber: '110000000', accountNumber: '000123456789' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().payment.method).toBe('bank_transfer');
  });

  it('refuses more than the balance, a paid invoice, another organization’s invoice and a wrong client secret', async () => {
    const inv = await invoice(a, '10.00');
    expect((await startIntent(a.admin, { invoiceId: inv.id, amount: '10.01' })).json().message).toBe('Amount cannot exceed the balance due of $10.00');
    expect((await startIntent(b.admin, { invoiceId: inv.id, amount: 1 })).statusCode).toBe(404);
    const paid = await invoice(a, '10.00', 'paid');
    expect((await startIntent(a.admin, { invoiceId: paid.id, amount: 1 })).statusCode).toBe(409);
    const { clientSecret } = (await startIntent(a.admin, { invoiceId: inv.id, amount: 10 })).json();
    const forged = await confirm({ clientSecret: `${clientSecret.split('_secret_')[0]}_secret_forged0000000000`, card: card('4242424242424242') });
    expect(forged.statusCode).toBe(404);
    expect(await paymentsOf(inv.id)).toHaveLength(0);
  });

  it('two intents for the whole balance: the second confirmation is refused before charging', async () => {
    const inv = await invoice(a, '50.00');
    const one = (await startIntent(a.admin, { invoiceId: inv.id, amount: 50 })).json();
    const two = (await startIntent(a.admin, { invoiceId: inv.id, amount: 50 })).json();
    expect((await confirm({ clientSecret: one.clientSecret, card: card('4242424242424242') })).statusCode).toBe(200);
    const second = await confirm({ clientSecret: two.clientSecret, card: card('4242424242424242') });
    expect(second.statusCode).toBe(409);
    expect(await paymentsOf(inv.id)).toHaveLength(1);
  });

  it('without an invoice, customer name and description are required', async () => {
    const res = await startIntent(a.admin, { amount: 12, customerName: 'Walk-in' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].message).toBe('When no invoice is selected, customer name and description are required');
    const ok = await startIntent(a.admin, { amount: 12, customerName: 'Walk-in', description: 'Filter replacement' });
    const paid = await confirm({ clientSecret: ok.json().clientSecret, card: card('4242424242424242') });
    expect(paid.json().payment).toMatchObject({ invoiceId: null, customerName: 'Walk-in', description: 'Filter replacement', amount: '12.00' });
  });

  it('manual processors take no online payments; Square answers 501', async () => {
    const kit = await orgKit(t);
    const inv = await invoice(kit);
    const [p] = await t.database.db.insert(paymentProcessors).values({ organizationId: kit.org.id, displayName: 'By hand', processorType: 'manual', isActive: true }).returning();
    expect((await startIntent(kit.admin, { invoiceId: inv.id, amount: 5 })).statusCode).toBe(400);
    await t.database.db.update(paymentProcessors).set({ processorType: 'square' }).where(eq(paymentProcessors.id, p.id));
    const sq = await startIntent(kit.admin, { invoiceId: inv.id, amount: 5 });
    expect(sq.statusCode).toBe(501);
    expect(sq.json().message).toBe('Square payments are not supported yet');
  });
});

describe('Stripe', () => {
  const secret = 'whsec_test_secret_for_tradebook_tests';
  let kit: OrgKit;
  let fake: http.Server;
  let s: TestApp;
  const seen: { path: string; idempotencyKey?: string; body: string }[] = [];
  let intentStatus = 'succeeded';
  /** The processor's own events URL (docs/payments.md, Webhooks). */
  let hookUrl = '';

  beforeAll(async () => {
    // A stand-in for api.stripe.com: the real SDK talks HTTP to it (STRIPE_API_BASE).
    fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ path: `${req.method} ${req.url}`, idempotencyKey: req.headers['idempotency-key'] as string | undefined, body });
        const amount = Number(new URLSearchParams(body).get('amount') ?? 0);
        const id = 'pi_fake_1';
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ id, object: 'payment_intent', amount, currency: 'usd', client_secret: `${id}_secret_abcdefghijkl`, status: req.method === 'GET' ? intentStatus : 'requires_payment_method', last_payment_error: intentStatus === 'requires_payment_method' ? { message: 'Your card was declined.' } : null }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    s = await createTestApp({ STRIPE_API_BASE: `http://127.0.0.1:${(fake.address() as AddressInfo).port}` });
    kit = await orgKit(s);
    const [processor] = await s.database.db
      .insert(paymentProcessors)
      .values({
        organizationId: kit.org.id,
        displayName: 'Stripe',
        processorType: 'stripe',
        isActive: true,
        testMode: true,
        configuration: { secretKey: 'sk_test_51TradebookTestKey000000', publishableKey: 'pk_test_51TradebookTestKey000000', webhookSecret: secret },
      })
      .returning();
    hookUrl = `/api/webhooks/stripe/${processor.id}`;
  });
  afterAll(async () => {
    await s?.close();
    fake?.close();
  });

  it('creates the intent in cents with an idempotency key, and books it once Stripe says it succeeded', async () => {
    n++;
    const [inv] = await s.database.db
      .insert(invoices)
      .values({ organizationId: kit.org.id, invoiceNumber: `INV-S${n}`, customerId: kit.customerId, status: 'sent', subtotal: '12.34', total: '12.34' })
      .returning();
    const res = await s.call({ method: 'POST', url: '/api/create-payment-intent', cookie: kit.admin, payload: { invoiceId: inv.id, amount: '12.34' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ processor: 'stripe', testMode: true, publishableKey: 'pk_test_51TradebookTestKey000000', intentId: 'pi_fake_1' });
    const create = seen.find((x) => x.path === 'POST /v1/payment_intents')!;
    expect(new URLSearchParams(create.body).get('amount')).toBe('1234');
    expect(create.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    const done = await s.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: res.json().clientSecret } });
    expect(done.json()).toMatchObject({ status: 'succeeded', invoiceStatus: 'paid', payment: { amount: '12.34', processor: 'stripe', stripePaymentIntentId: 'pi_fake_1' } });

    // The webhook for the same intent, twice, and under a second event id: still one payment.
    const event = (id: string) => JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_fake_1', object: 'payment_intent', amount: 1234 } } });
    for (const id of ['evt_1', 'evt_1', 'evt_2']) {
      const payload = event(id);
      const r = await s.call({ method: 'POST', url: hookUrl, payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) } });
      expect(r.statusCode).toBe(200);
    }
    const rows = await s.database.db.select().from(payments).where(eq(payments.stripePaymentIntentId, 'pi_fake_1'));
    expect(rows).toHaveLength(1);
  });

  it('an intent Stripe did not take answers 402 with Stripe’s message and books nothing', async () => {
    n++;
    const [inv] = await s.database.db
      .insert(invoices)
      .values({ organizationId: kit.org.id, invoiceNumber: `INV-D${n}`, customerId: kit.customerId, status: 'sent', subtotal: '9.00', total: '9.00' })
      .returning();
    await s.database.db.delete(paymentAttempts).where(eq(paymentAttempts.intentId, 'pi_fake_1'));
    const res = await s.call({ method: 'POST', url: '/api/create-payment-intent', cookie: kit.admin, payload: { invoiceId: inv.id, amount: 9 } });
    intentStatus = 'requires_payment_method';
    try {
      const done = await s.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: res.json().clientSecret } });
      expect(done.statusCode).toBe(402);
      expect(done.json().message).toBe('Your card was declined.');
    } finally {
      intentStatus = 'succeeded';
    }
    expect(await s.database.db.select().from(payments).where(eq(payments.invoiceId, inv.id))).toHaveLength(0);
  });

  it('a webhook books an intent the browser never confirmed; a replayed event is reported as a duplicate', async () => {
    n++;
    const [inv] = await s.database.db
      .insert(invoices)
      .values({ organizationId: kit.org.id, invoiceNumber: `INV-W${n}`, customerId: kit.customerId, status: 'sent', subtotal: '40.00', total: '40.00' })
      .returning();
    await s.database.db.insert(paymentAttempts).values({ organizationId: kit.org.id, invoiceId: inv.id, intentId: 'pi_webhook_only', amount: '40.00', paymentType: 'card', processor: 'stripe', status: 'requires_confirmation', idempotencyKey: 'k-webhook-only' });
    const payload = JSON.stringify({ id: 'evt_webhook_only', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_webhook_only', object: 'payment_intent' } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const first = await s.call({ method: 'POST', url: hookUrl, payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await s.call({ method: 'POST', url: hookUrl, payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await s.database.db.select().from(invoices).where(eq(invoices.id, inv.id)))[0].status).toBe('paid');
    expect(await s.database.db.select().from(payments).where(eq(payments.invoiceId, inv.id))).toHaveLength(1);
  });

  it('a bad or old signature answers 400 and changes nothing', async () => {
    await s.database.db.insert(paymentAttempts).values({ organizationId: kit.org.id, intentId: 'pi_unsigned', amount: '5.00', paymentType: 'card', processor: 'stripe', status: 'requires_confirmation', idempotencyKey: 'k-unsigned', customerName: 'X', description: 'Y' });
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_unsigned', object: 'payment_intent' } } });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    for (const header of [forged, old, 't=1,v1=deadbeef']) {
      const r = await s.call({ method: 'POST', url: hookUrl, payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
      expect(r.statusCode).toBe(400);
    }
    const rows = await s.database.db.select({ n: sql<number>`count(*)::int` }).from(payments).where(and(eq(payments.organizationId, kit.org.id), eq(payments.stripePaymentIntentId, 'pi_unsigned')));
    expect(rows[0].n).toBe(0);
  });
});
