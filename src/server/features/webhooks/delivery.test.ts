// The webhook delivery job (docs/rules/public-api.md#webhooks) against a real HTTP receiver on 127.0.0.1: signatures
// checked by implementations that are not ours (the stripe SDK, python3's hmac), retries on the published schedule and
// the give-up after a day, order per record, at least once when a sender dies, two senders at once delivering each
// delivery once, and what is never sent (private addresses, redirects followed, an unreadable secret).
import { spawnSync } from 'node:child_process';
import { and, asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../../contracts/webhooks';
import { webhookDeliveries, webhookEndpoints, type WebhookEventType } from '../../db/schema/index';
import { runWebhookDeliveries } from '../../jobs/webhook-deliveries';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';
import { claimDueDeliveries } from './claim-deliveries';
import { recordWebhookEvent } from './record-event';
import { CLAIM_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './retry-schedule';
import { sendDelivery } from './send-delivery';
import { signatureHeader } from './webhook-signature';
import { createEndpoint, jobDeps, startReceiver, type Receiver } from './webhooks.test-kit';

let t: TestApp;
let a: OrgKit;
let receiver: Receiver;
const stripe = new Stripe('sk_test_verification_only');

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  a = await orgKit(t);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
afterEach(async () => {
  // Each test leaves nothing pending for the next one's runs (the job takes every organization's deliveries).
  await t.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.organizationId, a.org.id));
  receiver.received.length = 0;
  receiver.answer = () => ({ status: 200, body: 'ok' });
});

/** An event about a record, written as the services write it: inside a transaction. */
function record(type: WebhookEventType, recordType: string, recordId: number, note = '') {
  return t.database.db.transaction((tx) => recordWebhookEvent(tx, { organizationId: a.org.id, type, recordType, recordId, data: async () => ({ object: { id: recordId, note } }) }));
}

async function deliveriesOf(endpointId: number) {
  return t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.id));
}

const header = (r: { headers: Record<string, unknown> }, name: string) => String(r.headers[name]);

/** python3's own hmac module checks the header, as a receiver written in Python would (exit 0: valid and recent). */
function verifyWithPython(body: string, signature: string, secret: string): number {
  const script = `
import hmac, hashlib, sys, time, json
data = json.load(sys.stdin)
parts = dict(p.split('=', 1) for p in data['header'].split(','))
t = parts['t']
expected = hmac.new(data['secret'].encode(), (t + '.' + data['body']).encode(), hashlib.sha256).hexdigest()
ok = hmac.compare_digest(expected, parts['v1']) and abs(time.time() - int(t)) <= 300
sys.exit(0 if ok else 1)
`;
  const run = spawnSync('python3', ['-c', script], { input: JSON.stringify({ body, header: signature, secret }), encoding: 'utf8' });
  if (run.error) throw run.error;
  return run.status ?? -1;
}

describe('signatures', () => {
  it('signs each delivery as Stripe does: the stripe SDK and python3 verify it with the secret, and refuse another secret or an old timestamp', async () => {
    const endpoint = await createEndpoint(t, a.admin, `${receiver.url}/hooks/tradebook`, ['customer.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const made = await t.call({ method: 'POST', url: '/api/customers', cookie: a.admin, payload: { name: 'Ada Webhook', email: 'ada@example.com' } });
    expect(made.statusCode, made.body).toBe(201);

    expect(await runWebhookDeliveries(jobDeps(t))).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got.path).toBe('/hooks/tradebook');
    const signature = header(got, 'tradebook-signature');
    expect(signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);

    // Stripe's own verifier, given our header and the endpoint's secret.
    const event = stripe.webhooks.constructEvent(got.body, signature, endpoint.secret) as unknown as Record<string, unknown>;
    expect(stripe.webhooks.signature!.verifyHeader(got.body, signature, endpoint.secret)).toBe(true);
    expect(() => stripe.webhooks.constructEvent(got.body, signature, `${endpoint.secret}x`)).toThrow(/No signatures found matching/);
    expect(() => stripe.webhooks.constructEvent(`${got.body} `, signature, endpoint.secret)).toThrow(/No signatures found matching/);
    const old = signatureHeader(endpoint.secret, got.body, new Date(Date.now() - 10 * 60_000));
    expect(() => stripe.webhooks.constructEvent(got.body, old, endpoint.secret)).toThrow(/Timestamp outside the tolerance zone/);

    expect(verifyWithPython(got.body, signature, endpoint.secret)).toBe(0);
    expect(verifyWithPython(got.body, signature, 'whsec_not_the_secret')).toBe(1);
    expect(verifyWithPython(got.body, old, endpoint.secret)).toBe(1);

    // The body: the envelope around the customer as GET /api/customers/:id answers it.
    const customer = (await t.call({ url: `/api/customers/${made.json().id}`, cookie: a.admin })).json();
    expect(event).toEqual({ id: expect.stringMatching(/^evt_\d+$/), type: 'customer.created', created: expect.any(String), organization_id: a.org.id, test: false, data: { object: customer } });
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Tradebook-Webhooks/1.0',
      'tradebook-event-id': event.id,
      'tradebook-event-type': 'customer.created',
    });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(header(got, 'tradebook-delivery')).toBe(String(delivery.id));
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200, responseBody: 'ok', error: null, claimedUntil: null });
    expect(delivery.deliveredAt).not.toBeNull();
  });

  it('signs with the rolled secret once rolled, and the old one no longer verifies', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.paid']);
    const rolled = await t.call({ method: 'POST', url: `/api/webhook-endpoints/${endpoint.id}/secret/roll`, cookie: a.admin, payload: {} });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const { secret } = rolled.json() as { secret: string };
    expect(secret).not.toBe(endpoint.secret);
    await record('invoice.paid', 'invoice', 1);
    await runWebhookDeliveries(jobDeps(t));
    const [got] = receiver.received;
    expect(stripe.webhooks.signature!.verifyHeader(got.body, header(got, 'tradebook-signature'), secret)).toBe(true);
    expect(() => stripe.webhooks.constructEvent(got.body, header(got, 'tradebook-signature'), endpoint.secret)).toThrow();
  });
});

describe('retries', () => {
  it('tries again after 1 m, 5 m, 30 m, 2 h, 5 h, 10 h and 6 h 24 m, gives up a day after the first attempt, and then the record goes on', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.sent', 'invoice.paid']);
    receiver.answer = (req) => (JSON.parse(req.body).type === 'invoice.sent' ? { status: 500, body: 'boom' } : { status: 200, body: 'ok' });
    await record('invoice.sent', 'invoice', 7);
    await record('invoice.paid', 'invoice', 7);
    const first = new Date();
    let at = first;

    expect(await runWebhookDeliveries(jobDeps(t), at)).toMatchObject({ claimed: 1, retrying: 1 });
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const [sent, waiting] = await deliveriesOf(endpoint.id);
      expect(sent).toMatchObject({ status: 'pending', attempts: attempt, responseStatus: 500, responseBody: 'boom', error: 'Answered 500: webhooks need a 2xx' });
      expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
      const wait = sent.nextAttemptAt.getTime() - sent.lastAttemptAt!.getTime();
      expect(wait).toBe(RETRY_DELAYS_MS[attempt - 1]);
      // Not before its time, and the record's next event keeps waiting behind it.
      expect(await runWebhookDeliveries(jobDeps(t), new Date(sent.nextAttemptAt.getTime() - 1000))).toMatchObject({ claimed: 0 });
      at = sent.nextAttemptAt;
      expect(await runWebhookDeliveries(jobDeps(t), at)).toMatchObject({ claimed: 1 });
    }
    const [gaveUp, waiting] = await deliveriesOf(endpoint.id);
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    const span = gaveUp.lastAttemptAt!.getTime() - first.getTime();
    expect(span).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(span).toBeLessThan(24 * 3_600_000 + 60_000);
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(Array(MAX_ATTEMPTS).fill('invoice.sent'));
    // Every attempt sent the same event, byte for byte.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);

    expect(waiting.status).toBe('pending');
    expect(await runWebhookDeliveries(jobDeps(t), at)).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.received.at(-1)!.headers['tradebook-event-type']).toBe('invoice.paid');
  });

  it('holds a record’s later events while an earlier one is failing, and sends other records meanwhile', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['appointment.booked', 'appointment.changed', 'appointment.cancelled']);
    let failing = true;
    receiver.answer = (req) => (failing && JSON.parse(req.body).data.object.note === 'first' ? { status: 503 } : { status: 204 });
    await record('appointment.booked', 'appointment', 1, 'first');
    await record('appointment.changed', 'appointment', 1, 'second');
    await record('appointment.booked', 'appointment', 2, 'other');
    await record('appointment.cancelled', 'appointment', 1, 'third');
    const t0 = new Date();

    expect(await runWebhookDeliveries(jobDeps(t), t0)).toMatchObject({ claimed: 2, retrying: 1, succeeded: 1 });
    const notes = () => receiver.received.map((r) => `${JSON.parse(r.body).data.object.id}:${JSON.parse(r.body).data.object.note}`);
    expect(notes()).toEqual(expect.arrayContaining(['1:first', '2:other']));
    expect(notes()).toHaveLength(2);
    // Due or not, nothing of record 1 passes its failing first event.
    expect(await runWebhookDeliveries(jobDeps(t), new Date(t0.getTime() + 30_000))).toMatchObject({ claimed: 0 });
    expect(await runWebhookDeliveries(jobDeps(t), new Date(t0.getTime() + 61_000))).toMatchObject({ claimed: 1, retrying: 1 });
    failing = false;
    const later = new Date(t0.getTime() + 61_000 + RETRY_DELAYS_MS[1] + 1_000);
    expect(await runWebhookDeliveries(jobDeps(t), later)).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await runWebhookDeliveries(jobDeps(t), later)).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(await runWebhookDeliveries(jobDeps(t), later)).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(notes().filter((n) => n.startsWith('1:'))).toEqual(['1:first', '1:first', '1:first', '1:second', '1:third']);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
  });
});

describe('at least once', () => {
  it('sends again a delivery whose sender died holding it, once the claim lapses', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.paid']);
    await record('invoice.paid', 'invoice', 3);
    const t0 = new Date();
    // A sender claims it and dies before sending.
    expect(await claimDueDeliveries(t.database.db, t0, 10)).toHaveLength(1);
    expect(await runWebhookDeliveries(jobDeps(t), new Date(t0.getTime() + CLAIM_MS - 1000))).toMatchObject({ claimed: 0 });
    expect(receiver.received).toHaveLength(0);
    expect(await runWebhookDeliveries(jobDeps(t), new Date(t0.getTime() + CLAIM_MS))).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.received).toHaveLength(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a sender that outlived its claim leaves the outcome to the one that took the delivery over', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.paid']);
    await record('invoice.paid', 'invoice', 11);
    const t0 = new Date();
    const [slow] = await claimDueDeliveries(t.database.db, t0, 10);
    const [taker] = await claimDueDeliveries(t.database.db, new Date(t0.getTime() + CLAIM_MS), 10);
    expect(taker.id).toBe(slow.id);
    expect(await sendDelivery(t.database.db, jobDeps(t), taker, () => new Date(t0.getTime() + CLAIM_MS))).toBe('succeeded');
    receiver.answer = () => ({ status: 500 });
    expect(await sendDelivery(t.database.db, jobDeps(t), slow, () => new Date(t0.getTime() + CLAIM_MS + 1000))).toBe('lost');
    // Sent twice (at least once), recorded once, as the one that holds the claim saw it.
    expect(receiver.received).toHaveLength(2);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200 });
  });

  it('two senders at once deliver each delivery once, each record in order', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.sent', 'invoice.paid', 'payment.refunded']);
    receiver.answer = () => ({ status: 200, body: 'ok', delayMs: Math.floor(Math.random() * 15) });
    const types: WebhookEventType[] = ['invoice.sent', 'invoice.paid', 'payment.refunded'];
    for (let n = 0; n < 3; n++) for (let id = 1; id <= 8; id++) await record(types[n], 'invoice', id, String(n));
    const total = 24;
    const pending = async () => (await t.database.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')))).length;
    const sender = async () => {
      let sent = 0;
      for (let round = 0; round < 200 && (await pending()) > 0; round++) sent += (await runWebhookDeliveries(jobDeps(t), new Date(), 5)).succeeded;
      return sent;
    };
    const [one, two] = await Promise.all([sender(), sender()]);
    expect(one + two).toBe(total);
    const ids = receiver.received.map((r) => header(r, 'tradebook-delivery'));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    // Per record, the events arrived in the order they happened.
    for (let id = 1; id <= 8; id++) {
      const got = receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.data.object.id === id);
      expect(got.map((b) => b.data.object.note)).toEqual(['0', '1', '2']);
    }
  });
});

describe('what is not sent', () => {
  it('refuses a private address unless WEBHOOK_ALLOW_PRIVATE_URLS allows it, and never calls it', async () => {
    const endpoint = await createEndpoint(t, a.admin, `${receiver.url}/private`, ['invoice.paid']);
    await record('invoice.paid', 'invoice', 4);
    const strict = { ...jobDeps(t), WEBHOOK_ALLOW_PRIVATE_URLS: false };
    expect(await runWebhookDeliveries(strict)).toMatchObject({ claimed: 1, retrying: 1 });
    expect(receiver.received).toHaveLength(0);
    const [refused] = await deliveriesOf(endpoint.id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(refused.error).toBe('Not sent: 127.0.0.1 is a private or local address (127.0.0.1); webhooks call public addresses only');
  });

  it('does not follow a redirect: the 3xx is the outcome and the other address is never called', async () => {
    const endpoint = await createEndpoint(t, a.admin, `${receiver.url}/moved`, ['invoice.paid']);
    receiver.answer = (req) => (req.path === '/moved' ? { status: 302, headers: { Location: `${receiver.url}/elsewhere` } } : { status: 200 });
    await record('invoice.paid', 'invoice', 5);
    expect(await runWebhookDeliveries(jobDeps(t))).toMatchObject({ retrying: 1 });
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    const [d] = await deliveriesOf(endpoint.id);
    expect(d.responseStatus).toBe(302);
    expect(d.error).toBe(`Answered 302 (a redirect to ${receiver.url}/elsewhere, not followed): webhooks need a 2xx from the URL itself`);
  });

  it('gives up on an answer that does not come in time, and keeps only the first 2 KB of a long one', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.paid']);
    receiver.answer = (req) => {
      if (req.body.includes('"id":61')) return { status: 200, delayMs: 5_000 };
      // Bytes that are not UTF-8 (a latin-1 answer): each reads as a three-byte U+FFFD.
      if (req.body.includes('"id":63')) return { status: 500, body: Buffer.alloc(3_000, 0xff), headers: { 'Content-Type': 'text/plain; charset=latin1' } };
      return { status: 200, body: `\u0000${'é'.repeat(3_000)}` };
    };
    await record('invoice.paid', 'invoice', 61);
    await record('invoice.paid', 'invoice', 62);
    await record('invoice.paid', 'invoice', 63);
    expect(await runWebhookDeliveries(jobDeps(t, 2_000))).toMatchObject({ claimed: 3, succeeded: 1, retrying: 2 });
    const [slow, long, latin] = await deliveriesOf(endpoint.id);
    expect(Buffer.byteLength(latin.responseBody!)).toBeLessThanOrEqual(WEBHOOK_LIMITS.responseBody);
    expect(slow).toMatchObject({ status: 'pending', responseStatus: null, error: 'No answer within 2 seconds' });
    expect(long.status).toBe('succeeded');
    expect(Buffer.byteLength(long.responseBody!)).toBeLessThanOrEqual(WEBHOOK_LIMITS.responseBody);
    expect(long.responseBody!.startsWith('éé')).toBe(true);
  });

  it('keeps a turned-off endpoint’s deliveries until it is turned on again', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.paid']);
    await record('invoice.paid', 'invoice', 8);
    expect((await t.call({ method: 'PUT', url: `/api/webhook-endpoints/${endpoint.id}`, cookie: a.admin, payload: { isActive: false } })).statusCode).toBe(200);
    // Off: no new deliveries are made for it, and the one waiting is not sent.
    expect(await record('invoice.paid', 'invoice', 9)).toBeNull();
    expect(await runWebhookDeliveries(jobDeps(t))).toMatchObject({ claimed: 0 });
    expect((await t.call({ method: 'PUT', url: `/api/webhook-endpoints/${endpoint.id}`, cookie: a.admin, payload: { isActive: true } })).statusCode).toBe(200);
    expect(await runWebhookDeliveries(jobDeps(t))).toMatchObject({ claimed: 1, succeeded: 1 });
  });

  it('sends nothing unsigned: a secret this APP_SECRET cannot open fails the attempt until the secret is rolled', async () => {
    const endpoint = await createEndpoint(t, a.admin, receiver.url, ['invoice.paid']);
    await t.database.db.update(webhookEndpoints).set({ secret: '' }).where(eq(webhookEndpoints.id, endpoint.id));
    await record('invoice.paid', 'invoice', 10);
    expect(await runWebhookDeliveries(jobDeps(t))).toMatchObject({ retrying: 1 });
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(endpoint.id))[0].error).toBe("Not sent: This endpoint's signing secret was saved with another APP_SECRET: roll the secret to make a new one");
    const reveal = await t.call({ url: `/api/webhook-endpoints/${endpoint.id}/secret`, cookie: a.admin });
    expect(reveal.statusCode).toBe(409);
    const { secret } = (await t.call({ method: 'POST', url: `/api/webhook-endpoints/${endpoint.id}/secret/roll`, cookie: a.admin, payload: {} })).json() as { secret: string };
    expect(await runWebhookDeliveries(jobDeps(t), new Date(Date.now() + RETRY_DELAYS_MS[0]))).toMatchObject({ succeeded: 1 });
    expect(stripe.webhooks.signature!.verifyHeader(receiver.received[0].body, header(receiver.received[0], 'tradebook-signature'), secret)).toBe(true);
  });
});
