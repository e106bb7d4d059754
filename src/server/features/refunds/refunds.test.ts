// Refunds (docs/rules/money-and-payments.md#refunds): full or partial, through the processor that took the payment,
// exactly once however often it is clicked or reported; the invoice's balance and the figures follow.
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, paymentAttempts, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';
import { readOrganizationFigures } from '../figures/organization-figures';
import { tenantScopeForWrite } from '../../platform/tenancy';

const SECRET = 'whsec_refund_tests_0123456789';
/** The Stripe double's refunds, by the idempotency key the SDK sent: a retried key answers the same refund. */
const stripeRefunds = new Map<string, { id: string; amount: number }>();
let stripeCalls = 0;
let stripe: http.Server;

function stripeDouble(): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        stripeCalls++;
        const params = new URLSearchParams(body);
        const key = String(req.headers['idempotency-key']);
        const made = stripeRefunds.get(key) ?? { id: `re_${randomUUID().replace(/-/g, '').slice(0, 20)}`, amount: Number(params.get('amount')) };
        stripeRefunds.set(key, made);
        return res.end(JSON.stringify({ id: made.id, object: 'refund', amount: made.amount, status: 'succeeded', payment_intent: params.get('payment_intent'), metadata: {} }));
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such route ${req.url}` } }));
    });
  });
}

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
let stripeOrg: OrgKit;
let processorId: number;
beforeAll(async () => {
  stripe = stripeDouble();
  await new Promise<void>((r) => stripe.listen(0, '127.0.0.1', r));
  t = await createTestApp({ STRIPE_API_BASE: `http://127.0.0.1:${(stripe.address() as net.AddressInfo).port}` });
  a = await orgKit(t);
  b = await orgKit(t);
  stripeOrg = await orgKit(t);
  const res = await t.call({
    method: 'POST',
    url: '/api/payment-processors',
    cookie: stripeOrg.admin,
    payload: {
      displayName: 'Stripe',
      processorType: 'stripe',
      isActive: true,
      configuration: { secretKey: 'sk_test_51TradebookRefundKey000000', publishableKey: 'pk_test_51TradebookRefundKey000000', webhookSecret: SECRET },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  processorId = res.json().id;
});
afterAll(async () => {
  await t?.close();
  stripe?.close();
});

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url, cookie, payload });
const refund = (kit: OrgKit, paymentId: number, amount: string, key = randomUUID(), reason = 'Customer cancelled') =>
  call(kit.admin, 'POST', `/api/payments/${paymentId}/refunds`, { amount, reason, idempotencyKey: key });
const invoiceOf = async (id: number) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const paymentRow = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const owed = (kit: OrgKit) => readOrganizationFigures(t.database.db, tenantScopeForWrite({ isSuperUser: false, organizationId: kit.org.id } as never));

async function paidInvoice(kit: OrgKit, total: string) {
  const inv = (await call(kit.admin, 'POST', '/api/invoices', { customerId: kit.customerId, status: 'sent', lineItems: [{ description: 'Job', quantity: 1, rate: total }] })).json();
  return inv as { id: number; invoiceNumber: string };
}

/** A card payment of the whole invoice through the built-in test gateway. */
async function payByTestCard(kit: OrgKit, invoiceId: number, amount: string) {
  const intent = await call(kit.admin, 'POST', '/api/create-payment-intent', { invoiceId, amount, paymentType: 'card' });
  const done = await t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: intent.json().clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } } });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().payment as { id: number };
}

describe('refunds through the test gateway and by hand', () => {
  it('a partial refund reopens the paid invoice for what went back; a second click with the same key refunds nothing more', async () => {
    const inv = await paidInvoice(a, '200.00');
    const payment = await payByTestCard(a, inv.id, '200.00');
    expect((await invoiceOf(inv.id)).status).toBe('paid');
    const owedBefore = await owed(a);

    const key = randomUUID();
    const [first, second] = await Promise.all([refund(a, payment.id, '50.00', key), refund(a, payment.id, '50.00', key)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    // The one that made it answers it completed; the other may have come while the gateway was being asked (pending).
    const made = [first, second].find((r) => r.statusCode === 201)!.json();
    expect(made).toMatchObject({ amount: '-50.00', method: 'refund', status: 'completed', processor: 'test', refundOfPaymentId: payment.id, notes: 'Customer cancelled' });
    expect(made.stripePaymentIntentId).toMatch(/^tgre_/);
    expect(['pending', 'completed']).toContain([first, second].find((r) => r.statusCode === 200)!.json().status);

    expect(await paymentRow(payment.id)).toMatchObject({ amountRefunded: '50.00', status: 'completed' });
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'sent', amountPaid: '150.00', paidDate: null });
    expect((await call(a.admin, 'GET', `/api/invoices/${inv.id}`)).json()).toMatchObject({ amountPaid: '150.00', balanceDue: '50.00' });
    const owedAfter = await owed(a);
    expect(owedAfter.owedBalanceCents - owedBefore.owedBalanceCents).toBe(5000);
    // The list shows the refund as a row of its own, the payment with what it refunded.
    const list = (await call(a.admin, 'GET', `/api/payments?invoiceId=${inv.id}`)).json() as { amount: string; amountRefunded: string }[];
    expect(list.map((p) => p.amount).sort()).toEqual(['-50.00', '200.00']);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.entityId, payment.id)));
    expect(audit?.details).toMatchObject({ amount: '50.00', processor: 'test' });
  });

  it('never refunds more than the payment, even when many refunds are asked for at once', async () => {
    const inv = await paidInvoice(a, '100.00');
    const payment = await payByTestCard(a, inv.id, '100.00');
    const results = await Promise.all(Array.from({ length: 12 }, () => refund(a, payment.id, '10.00')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await paymentRow(payment.id)).toMatchObject({ amountRefunded: '100.00' });
    expect(await invoiceOf(inv.id)).toMatchObject({ amountPaid: '0.00', status: 'sent' });
    expect((await refund(a, payment.id, '1.00')).json().message).toBe('This payment has been refunded in full');
  });

  it('refuses more than is left (400 on amount), a refund of a refund, another organization (404) and a manager (403)', async () => {
    const inv = await paidInvoice(a, '80.00');
    const paid = await call(a.admin, 'POST', '/api/payments', { invoiceId: inv.id, amount: '80.00', method: 'cash' });
    const over = await refund(a, paid.json().id, '80.01');
    expect(over.statusCode).toBe(400);
    expect(over.json().issues[0]).toEqual({ path: 'amount', message: 'The refund cannot be more than $80.00, what is left of this payment' });
    const cash = await refund(a, paid.json().id, '80.00');
    expect(cash.json()).toMatchObject({ status: 'completed', processor: 'manual', amount: '-80.00' });
    expect((await refund(a, cash.json().id, '1.00')).statusCode).toBe(409);
    expect((await refund(b, paid.json().id, '1.00')).statusCode).toBe(404);
    expect((await call(a.manager, 'POST', `/api/payments/${paid.json().id}/refunds`, { amount: '1', reason: 'x', idempotencyKey: randomUUID() })).statusCode).toBe(403);
    expect((await call(a.admin, 'POST', `/api/payments/${paid.json().id}/refunds`, { amount: '1', reason: ' ', idempotencyKey: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('a credited and refunded invoice stays settled: the credit note covers what went back', async () => {
    const inv = await paidInvoice(a, '120.00');
    const payment = await payByTestCard(a, inv.id, '120.00');
    await call(a.admin, 'POST', `/api/invoices/${inv.id}/credit-notes`, { reason: 'Job cancelled', lineItems: [{ description: 'Cancelled', rate: '120.00' }] });
    expect((await refund(a, payment.id, '120.00')).statusCode).toBe(201);
    expect(await invoiceOf(inv.id)).toMatchObject({ amountPaid: '0.00', amountCredited: '120.00', status: 'paid' });
    expect((await call(a.admin, 'GET', `/api/invoices/${inv.id}`)).json().balanceDue).toBe('0.00');
  });
});

describe('in Payment Analytics', () => {
  it('counts the last 90 days of completed refunds and credit notes with their totals', async () => {
    const kit = await orgKit(t);
    const figures = async () => (await call(kit.admin, 'GET', '/api/reports/payment-analytics')).json().corrections;
    expect(await figures()).toEqual({ refunds: { count: 0, total: '0.00' }, creditNotes: { count: 0, total: '0.00' } });
    const inv = await paidInvoice(kit, '250.00');
    const payment = await payByTestCard(kit, inv.id, '250.00');
    await refund(kit, payment.id, '20.00');
    await refund(kit, payment.id, '5.50');
    await call(kit.admin, 'POST', `/api/invoices/${inv.id}/credit-notes`, { reason: 'Goodwill', lineItems: [{ description: 'Goodwill', rate: '12.00' }] });
    expect(await figures()).toEqual({ refunds: { count: 2, total: '25.50' }, creditNotes: { count: 1, total: '12.00' } });
  });
});

describe('refunds through Stripe', () => {
  /** A Stripe card payment as the webhook books it. */
  async function stripePayment(total: string) {
    const inv = await paidInvoice(stripeOrg, total);
    const intentId = `pi_refund_${randomUUID().slice(0, 8)}`;
    await t.database.db.insert(paymentAttempts).values({
      organizationId: stripeOrg.org.id,
      invoiceId: inv.id,
      intentId,
      amount: total,
      paymentType: 'card',
      processor: 'stripe',
      status: 'requires_confirmation',
      idempotencyKey: `k-${intentId}`,
    });
    expect((await hook('payment_intent.succeeded', { id: intentId, object: 'payment_intent', metadata: {} })).statusCode).toBe(200);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.stripePaymentIntentId, intentId));
    return { inv, intentId, payment: payment! };
  }

  const hook = (type: string, object: object) => {
    const payload = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type, data: { object } });
    return t.call({ method: 'POST', url: `/api/webhooks/stripe/${processorId}`, payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
  };
  const refundsOf = (paymentId: number) => t.database.db.select().from(payments).where(eq(payments.refundOfPaymentId, paymentId));

  it('asks Stripe once, and the webhook reporting the same refund twice records nothing more', async () => {
    const { inv, intentId, payment } = await stripePayment('300.00');
    const before = stripeCalls;
    const res = await refund(stripeOrg, payment.id, '75.00');
    expect(res.statusCode, res.body).toBe(201);
    expect(stripeCalls - before).toBe(1);
    const reId = res.json().stripePaymentIntentId as string;
    expect(reId).toMatch(/^re_/);
    const reported = { id: reId, object: 'refund', amount: 7500, status: 'succeeded', payment_intent: intentId, metadata: { refundPaymentId: String(res.json().id) } };
    expect((await hook('refund.created', reported)).statusCode).toBe(200);
    expect((await hook('charge.refund.updated', reported)).statusCode).toBe(200);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(await invoiceOf(inv.id)).toMatchObject({ amountPaid: '225.00', status: 'sent' });
  });

  it('records a refund made in the Stripe dashboard once, and one that failed gives its amount back', async () => {
    const { inv, intentId, payment } = await stripePayment('90.00');
    const made = { id: `re_dash_${randomUUID().slice(0, 8)}`, object: 'refund', amount: 4000, status: 'succeeded', payment_intent: intentId, metadata: {}, reason: 'requested_by_customer' };
    await Promise.all([hook('refund.created', made), hook('refund.updated', made)]);
    const rows = await refundsOf(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '-40.00', status: 'completed', notes: 'Refunded in Stripe (requested by customer)' });
    expect(await invoiceOf(inv.id)).toMatchObject({ amountPaid: '50.00', status: 'sent' });
    expect(await paymentRow(payment.id)).toMatchObject({ amountRefunded: '40.00' });

    await hook('refund.updated', { ...made, status: 'failed', failure_reason: 'lost_or_stolen_card' });
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'failed' });
    expect(await paymentRow(payment.id)).toMatchObject({ amountRefunded: '0.00' });
    expect((await invoiceOf(inv.id)).amountPaid).toBe('90.00');
  });

  it('a Stripe failure leaves nothing held against the payment', async () => {
    const { payment } = await stripePayment('60.00');
    // The double knows no refunds of this amount's route once it is told to fail: close it for one call.
    const port = (stripe.address() as net.AddressInfo).port;
    await new Promise<void>((r) => stripe.close(() => r()));
    const res = await refund(stripeOrg, payment.id, '10.00');
    expect(res.statusCode).toBe(503);
    stripe = stripeDouble();
    await new Promise<void>((r) => stripe.listen(port, '127.0.0.1', r));
    expect(await paymentRow(payment.id)).toMatchObject({ amountRefunded: '0.00' });
    expect((await refundsOf(payment.id))[0]).toMatchObject({ status: 'failed' });
  });
});
