// Stripe webhooks addressed to one processor (docs/payments.md, Webhooks; ADR 007): one secret checked per
// event, the legacy URL routed by the intent's metadata, bodies capped.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentAttempts, paymentProcessors, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';
import { WEBHOOK_BODY_LIMIT, WEBHOOK_MESSAGES } from './stripe-webhook';

const SECRET_A = 'whsec_tradebook_webhook_test_org_a';
const SECRET_B = 'whsec_tradebook_webhook_test_org_b';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
let processorA: number;
let processorB: number;
let n = 0;
const logs: { level: number; msg: string }[] = [];
const legacyWarnings = () => logs.filter((l) => l.level === 40 && l.msg.includes('legacy URL'));

async function stripeProcessor(kit: OrgKit, webhookSecret: string | null, isActive = true): Promise<number> {
  const configuration: Record<string, string> = { secretKey: `sk_test_${randomUUID().replace(/-/g, '')}`, publishableKey: 'pk_test_tradebook_webhook_tests' };
  if (webhookSecret) configuration.webhookSecret = webhookSecret;
  const res = await t.call({ method: 'POST', url: '/api/payment-processors', cookie: kit.admin, payload: { displayName: 'Stripe', processorType: 'stripe', isActive, configuration } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { log: { write: (line) => void logs.push(JSON.parse(line)) } });
  a = await orgKit(t);
  b = await orgKit(t);
  processorA = await stripeProcessor(a, SECRET_A);
  processorB = await stripeProcessor(b, SECRET_B);
});
afterAll(async () => {
  await t?.close();
});

/** An invoice of the kit's organization with a Stripe attempt waiting for its webhook. */
async function pendingAttempt(kit: OrgKit) {
  n++;
  const [inv] = await t.database.db
    .insert(invoices)
    .values({ organizationId: kit.org.id, invoiceNumber: `INV-H${n}`, customerId: kit.customerId, status: 'sent', subtotal: '25.00', total: '25.00' })
    .returning();
  const intentId = `pi_hook_${n}_${randomUUID().slice(0, 8)}`;
  await t.database.db
    .insert(paymentAttempts)
    .values({ organizationId: kit.org.id, invoiceId: inv.id, intentId, amount: '25.00', paymentType: 'card', processor: 'stripe', status: 'requires_confirmation', idempotencyKey: `k-${intentId}` });
  return { invoiceId: inv.id, intentId };
}

function succeeded(intentId: string, metadata: Record<string, string> = {}, padding = '') {
  return JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent', metadata, description: padding } },
  });
}

const post = (url: string, payload: string, secret: string) =>
  t.call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) } });

const paymentsOf = (invoiceId: number) => t.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

describe("a processor's own webhook URL", () => {
  it('books the event signed with that processor’s secret; its webhook secret is stored sealed', async () => {
    const { invoiceId, intentId } = await pendingAttempt(a);
    const res = await post(`/api/webhooks/stripe/${processorA}`, succeeded(intentId), SECRET_A);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
    const [row] = await t.database.db.select().from(paymentProcessors).where(eq(paymentProcessors.id, processorA));
    expect(row.configuration.webhookSecret).toMatch(/^tbsec:v1:/);
  });

  it('checks only that processor’s secret: an event signed with another organization’s secret is refused', async () => {
    const { invoiceId, intentId } = await pendingAttempt(a);
    // B's secret is valid somewhere in the installation; trying every secret would have accepted it.
    const res = await post(`/api/webhooks/stripe/${processorA}`, succeeded(intentId), SECRET_B);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: WEBHOOK_MESSAGES.badSignature });
    expect(await paymentsOf(invoiceId)).toHaveLength(0);
  });

  it("books nothing of another organization's: B's own URL and secret cannot complete A's intent", async () => {
    const { invoiceId, intentId } = await pendingAttempt(a);
    const res = await post(`/api/webhooks/stripe/${processorB}`, succeeded(intentId), SECRET_B);
    expect(res.statusCode).toBe(200);
    expect(await paymentsOf(invoiceId)).toHaveLength(0);
    const [attempt] = await t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, intentId));
    expect(attempt.status).toBe('requires_confirmation');
  });

  it('answers 404 for a processor that does not exist or is not Stripe, 400 without a signing secret or a bad id', async () => {
    const { intentId } = await pendingAttempt(a);
    const missing = await post('/api/webhooks/stripe/2000000', succeeded(intentId), SECRET_A);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: WEBHOOK_MESSAGES.processorNotFound });
    const manual = await t.call({ method: 'POST', url: '/api/payment-processors', cookie: a.admin, payload: { displayName: 'Cash', processorType: 'manual' } });
    expect((await post(`/api/webhooks/stripe/${manual.json().id}`, succeeded(intentId), SECRET_A)).statusCode).toBe(404);
    const unsigned = await stripeProcessor(a, null, false);
    const noSecret = await post(`/api/webhooks/stripe/${unsigned}`, succeeded(intentId), SECRET_A);
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toEqual({ code: 'VALIDATION_FAILED', message: WEBHOOK_MESSAGES.noSecret });
    expect((await post('/api/webhooks/stripe/abc', succeeded(intentId), SECRET_A)).statusCode).toBe(400);
  });

  it('refuses a body over the limit with 413 before checking anything, and takes one just under it', async () => {
    const { invoiceId, intentId } = await pendingAttempt(a);
    const big = succeeded(intentId, {}, 'x'.repeat(WEBHOOK_BODY_LIMIT));
    for (const url of [`/api/webhooks/stripe/${processorA}`, '/api/webhooks/stripe']) {
      const res = await post(url, big, SECRET_A);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    }
    expect(await paymentsOf(invoiceId)).toHaveLength(0);
    const near = succeeded(intentId, {}, 'x'.repeat(WEBHOOK_BODY_LIMIT - 1024));
    expect(Buffer.byteLength(near)).toBeLessThanOrEqual(WEBHOOK_BODY_LIMIT);
    expect((await post(`/api/webhooks/stripe/${processorA}`, near, SECRET_A)).statusCode).toBe(200);
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
  });
});

describe('the legacy URL, POST /api/webhooks/stripe', () => {
  it('takes an event whose intent names its processor, checked against that processor’s secret only', async () => {
    const { invoiceId, intentId } = await pendingAttempt(a);
    const metadata = { organizationId: String(a.org.id), processorId: String(processorA) };
    const warned = legacyWarnings().length;
    const forged = await post('/api/webhooks/stripe', succeeded(intentId, metadata), SECRET_B);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 'VALIDATION_FAILED', message: WEBHOOK_MESSAGES.badSignature });
    // Forged calls are not worth a warning; a genuine delivery to the old URL is (move the endpoint).
    expect(legacyWarnings()).toHaveLength(warned);
    const res = await post('/api/webhooks/stripe', succeeded(intentId, metadata), SECRET_A);
    expect(res.statusCode).toBe(200);
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
    expect(legacyWarnings()).toHaveLength(warned + 1);
  });

  it("takes an intent created before it named its processor through the organization's active Stripe processor", async () => {
    const { invoiceId, intentId } = await pendingAttempt(b);
    const metadata = { organizationId: String(b.org.id) };
    expect((await post('/api/webhooks/stripe', succeeded(intentId, metadata), SECRET_A)).statusCode).toBe(400);
    expect((await post('/api/webhooks/stripe', succeeded(intentId, metadata), SECRET_B)).statusCode).toBe(200);
    expect(await paymentsOf(invoiceId)).toHaveLength(1);
  });

  it("refuses an event that names no processor or organization, pointing at the processor's own URL", async () => {
    const { invoiceId, intentId } = await pendingAttempt(a);
    const res = await post('/api/webhooks/stripe', succeeded(intentId), SECRET_A);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: WEBHOOK_MESSAGES.unaddressed });
    const unknown = await post('/api/webhooks/stripe', succeeded(intentId, { processorId: '2000000' }), SECRET_A);
    expect(unknown.statusCode).toBe(400);
    expect(await paymentsOf(invoiceId)).toHaveLength(0);
    const rows = await t.database.db.select().from(paymentAttempts).where(and(eq(paymentAttempts.intentId, intentId), eq(paymentAttempts.status, 'requires_confirmation')));
    expect(rows).toHaveLength(1);
  });
});
