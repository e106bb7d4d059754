// An invoice's payment link turns Completed in the transaction that marks the invoice paid, whichever route the
// payment came by (docs/features.md, Payment links): staff by hand, the customer portal, a Stripe webhook, the link.
// Every check reads the stored row, never the pay page, which would work it out on its own.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_TOKEN_HEADER } from '../../../contracts/customer-portal';
import { customers, invoices, outbox, paymentAttempts, paymentLinks } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
const WEBHOOK_SECRET = 'whsec_tradebook_link_completion_test';

let t: TestApp;
let orgId: number;
let admin: string;
let customerId: number;
let processorId: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await t.createOrganization()).id;
  admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: orgId })).id);
  const [c] = await t.database.db.insert(customers).values({ organizationId: orgId, name: 'Pat Payer', email: 'pat.payer@example.com' }).returning();
  customerId = c.id;
});
afterAll(async () => {
  await t?.close();
});

/** A sent invoice with an open payment link made by the staff. */
async function invoiceWithLink(total = '40.00') {
  const [inv] = await t.database.db
    .insert(invoices)
    .values({ organizationId: orgId, customerId, invoiceNumber: `INV-C${++n}-${randomUUID().slice(0, 4)}`, status: 'sent', subtotal: total, total })
    .returning();
  const res = await t.call({ method: 'POST', url: `/api/invoices/${inv.id}/payment-link`, cookie: admin });
  expect(res.statusCode, res.body).toBe(201);
  return { invoiceId: inv.id, linkId: res.json().linkId as string };
}

const stored = async (linkId: string) => (await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.linkId, linkId)))[0];
const invoiceStatus = async (id: number) => (await t.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0].status;

describe('an invoice paid by any route completes its payment link at once', () => {
  it('staff recording the whole balance by hand; a partial payment first leaves it open', async () => {
    const { invoiceId, linkId } = await invoiceWithLink('40.00');
    const part = await t.call({ method: 'POST', url: '/api/payments', cookie: admin, payload: { invoiceId, amount: '15.00' } });
    expect(part.statusCode, part.body).toBe(201);
    expect(await stored(linkId)).toMatchObject({ status: 'active', completedAt: null });
    const rest = await t.call({ method: 'POST', url: '/api/payments', cookie: admin, payload: { invoiceId, amount: '25.00' } });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await invoiceStatus(invoiceId)).toBe('paid');
    const row = await stored(linkId);
    expect(row.status).toBe('completed');
    expect(row.completedAt).toBeInstanceOf(Date);
    const list = (await t.call({ url: '/api/payment-links?limit=500', cookie: admin })).json();
    expect(list.find((l: { linkId: string }) => l.linkId === linkId)).toMatchObject({ status: 'completed' });
  });

  it('the customer paying in the portal', async () => {
    const { invoiceId, linkId } = await invoiceWithLink('30.00');
    expect((await t.call({ method: 'POST', url: `/api/customers/${customerId}/portal-link`, cookie: admin, payload: {} })).statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'pat.payer@example.com')).orderBy(desc(outbox.id)).limit(1);
    const token = decodeURIComponent(/[#?&]token=([^&\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    expect(token).not.toBe('');
    const started = await t.call({ method: 'POST', url: `/api/invoices/${invoiceId}/payment-intent`, headers: { [PORTAL_TOKEN_HEADER]: token } });
    expect(started.statusCode, started.body).toBe(200);
    const done = await t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: started.json().clientSecret, card: CARD_OK } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().invoiceStatus).toBe('paid');
    expect((await stored(linkId)).status).toBe('completed');
  });

  it('a Stripe webhook reporting the payment', async () => {
    if (!processorId) {
      const configuration = { secretKey: `sk_test_${randomUUID().replace(/-/g, '')}`, publishableKey: 'pk_test_tradebook_link_tests', webhookSecret: WEBHOOK_SECRET };
      const res = await t.call({ method: 'POST', url: '/api/payment-processors', cookie: admin, payload: { displayName: 'Stripe', processorType: 'stripe', isActive: false, configuration } });
      expect(res.statusCode, res.body).toBe(201);
      processorId = res.json().id;
    }
    const { invoiceId, linkId } = await invoiceWithLink('25.00');
    const intentId = `pi_link_${randomUUID().slice(0, 8)}`;
    await t.database.db
      .insert(paymentAttempts)
      .values({ organizationId: orgId, invoiceId, intentId, amount: '25.00', paymentType: 'card', processor: 'stripe', status: 'requires_confirmation', idempotencyKey: `k-${intentId}` });
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId, object: 'payment_intent', metadata: {} } },
    });
    const res = await t.call({
      method: 'POST',
      url: `/api/webhooks/stripe/${processorId}`,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await invoiceStatus(invoiceId)).toBe('paid');
    expect((await stored(linkId)).status).toBe('completed');
  });

  it('paying through the link itself', async () => {
    const { invoiceId, linkId } = await invoiceWithLink('12.00');
    const started = await t.call({ method: 'POST', url: `/api/public/payment-links/${linkId}/payment-intent`, payload: { paymentType: 'card' } });
    expect(started.statusCode, started.body).toBe(200);
    const done = await t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: started.json().clientSecret, card: CARD_OK } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await invoiceStatus(invoiceId)).toBe('paid');
    expect((await stored(linkId)).status).toBe('completed');
  });

  it("leaves other invoices' links and the generic link open", async () => {
    const paid = await invoiceWithLink('10.00');
    const other = await invoiceWithLink('10.00');
    const generic = (await t.call({ method: 'POST', url: '/api/generic-payment-links', cookie: admin, payload: { organizationId: orgId } })).json();
    await t.call({ method: 'POST', url: '/api/payments', cookie: admin, payload: { invoiceId: paid.invoiceId, amount: '10.00' } });
    expect((await stored(paid.linkId)).status).toBe('completed');
    expect((await stored(other.linkId)).status).toBe('active');
    expect((await stored(generic.linkId)).status).toBe('active');
  });
});
