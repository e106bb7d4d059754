// Stripe's failures answered as ours (docs/payments.md, "Third-party failures"; ADR 007): its 401 was passed to the
// browser as a 401, which signs the user out. Now: 502 when Stripe refuses or fails, 503 when it cannot be reached,
// a log line naming Stripe and its reason; a declined card stays a 402.
import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentProcessors } from '../../db/schema/index';
import { closedPort } from '../../test/closed-port';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';
import { STRIPE_FAILURE_MESSAGES, stripeFailure } from './gateways/stripe-failure';

interface LogLine {
  level: number;
  provider?: string;
  reason?: string;
  status?: number;
}

/** What the Stripe double answers next: as Stripe does to a revoked key, to its own failure, or normally. */
let mode: 'ok' | '401' | '500' = 'ok';
const seen: { path: string; body: string }[] = [];
let stripe: http.Server;

function stripeDouble(): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ path: `${req.method} ${req.url}`, body });
      res.setHeader('content-type', 'application/json');
      if (mode === '401') {
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****0000' } }));
      }
      if (mode === '500') {
        res.statusCode = 500;
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
      }
      // A new intent per create (attempts are unique per intent); a read answers the id asked for.
      const id = req.method === 'GET' ? (req.url ?? '').split('/').pop()!.split('?')[0] : `pi_failures_${seen.length}`;
      res.end(JSON.stringify({ id, object: 'payment_intent', amount: 500, currency: 'usd', client_secret: `${id}_secret_abcdef`, status: req.method === 'GET' ? 'succeeded' : 'requires_payment_method' }));
    });
  });
}

interface Rig {
  t: TestApp;
  kit: OrgKit;
  logs: LogLine[];
  processorId: number;
}

async function rig(apiBase: string): Promise<Rig> {
  const logs: LogLine[] = [];
  const t = await createTestApp({ STRIPE_API_BASE: apiBase, LOG_LEVEL: 'warn' }, { log: { write: (line) => void logs.push(JSON.parse(line) as LogLine) } });
  const kit = await orgKit(t);
  const [p] = await t.database.db
    .insert(paymentProcessors)
    .values({
      organizationId: kit.org.id,
      displayName: 'Stripe',
      processorType: 'stripe',
      isActive: true,
      configuration: { secretKey: 'sk_test_51TradebookFailureKey0000', publishableKey: 'pk_test_51TradebookFailureKey0000' },
    })
    .returning();
  return { t, kit, logs, processorId: p.id };
}

let up: Rig;
let down: Rig;
beforeAll(async () => {
  stripe = stripeDouble();
  await new Promise<void>((r) => stripe.listen(0, '127.0.0.1', r));
  up = await rig(`http://127.0.0.1:${(stripe.address() as net.AddressInfo).port}`);
  down = await rig(`http://127.0.0.1:${await closedPort()}`);
});
afterAll(async () => {
  await up?.t.close();
  await down?.t.close();
  stripe?.close();
});

async function invoice(r: Rig) {
  const [inv] = await r.t.database.db
    .insert(invoices)
    .values({ organizationId: r.kit.org.id, invoiceNumber: `INV-F${randomUUID().slice(0, 6)}`, customerId: r.kit.customerId, status: 'sent', subtotal: '5.00', total: '5.00' })
    .returning();
  return inv;
}
const startIntent = async (r: Rig) => r.t.call({ method: 'POST', url: '/api/create-payment-intent', cookie: r.kit.admin, payload: { invoiceId: (await invoice(r)).id, amount: '5.00' } });
const stripeLines = (r: Rig) => r.logs.filter((l) => l.provider === 'stripe');

describe('Stripe refusing or failing', () => {
  it("answers 502 with our message when Stripe refuses the key (its 401), keeps the user signed in, and logs Stripe's reason as an error", async () => {
    mode = '401';
    try {
      const res = await startIntent(up);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: STRIPE_FAILURE_MESSAGES.keyRefused });
    } finally {
      mode = 'ok';
    }
    // The session is untouched: the same cookie still answers.
    expect((await up.t.call({ url: '/api/auth/me', cookie: up.kit.admin })).statusCode).toBe(200);
    const [line] = stripeLines(up);
    expect(line).toMatchObject({ level: 50, provider: 'stripe', status: 502 });
    expect(line.reason).toContain('StripeAuthenticationError (HTTP 401)');
    expect(line.reason).toContain('create payment intent');
  });

  it('answers 502 when Stripe fails (its 500) after its own retries', async () => {
    mode = '500';
    const before = seen.length;
    try {
      const res = await startIntent(up);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: STRIPE_FAILURE_MESSAGES.failed });
    } finally {
      mode = 'ok';
    }
    // The SDK tried three times (maxNetworkRetries 2) before giving up.
    expect(seen.length - before).toBe(3);
    expect(stripeLines(up).at(-1)?.reason).toContain('StripeAPIError (HTTP 500)');
  });

  it('answers 502 on confirming too: reading the intent back with a refused key is not a sign-out', async () => {
    const started = await startIntent(up);
    expect(started.statusCode).toBe(200);
    mode = '401';
    try {
      const res = await up.t.call({ method: 'POST', url: '/api/payment-intents/confirm', payload: { clientSecret: started.json().clientSecret } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: STRIPE_FAILURE_MESSAGES.keyRefused });
    } finally {
      mode = 'ok';
    }
    expect(stripeLines(up).at(-1)?.reason).toContain('read payment intent');
  });

  it("names the processor in the intent's metadata (the legacy webhook URL finds its secret by it)", async () => {
    const before = seen.length;
    expect((await startIntent(up)).statusCode).toBe(200);
    const create = seen.slice(before).find((s) => s.path === 'POST /v1/payment_intents')!;
    expect(new URLSearchParams(create.body).get('metadata[processorId]')).toBe(String(up.processorId));
  });
});

describe('Stripe unreachable', () => {
  it('answers 503 with Retry-After and logs a warning', async () => {
    const res = await startIntent(down);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: STRIPE_FAILURE_MESSAGES.unreachable });
    const [line] = stripeLines(down);
    expect(line).toMatchObject({ level: 40, provider: 'stripe', status: 503 });
    expect(line.reason).toContain('StripeConnectionError');
  });
});

describe('every kind of Stripe error', () => {
  const gen = (raw: Record<string, unknown>) => Stripe.errors.StripeError.generate(raw as never);
  it('maps to our answer: a declined card stays 402 with its message; the rest are 502 or 503', () => {
    const cases: [unknown, number, string][] = [
      [gen({ statusCode: 402, type: 'card_error', message: 'Your card was declined.' }), 402, 'Your card was declined.'],
      [gen({ statusCode: 401, type: 'invalid_request_error', message: 'Invalid API Key' }), 502, STRIPE_FAILURE_MESSAGES.keyRefused],
      [gen({ statusCode: 403, type: 'invalid_request_error', message: 'restricted key' }), 502, STRIPE_FAILURE_MESSAGES.notPermitted],
      [gen({ statusCode: 400, type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd' }), 502, STRIPE_FAILURE_MESSAGES.rejected('Amount must be at least $0.50 usd')],
      [gen({ statusCode: 400, type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters' }), 502, STRIPE_FAILURE_MESSAGES.rejected('Keys for idempotent requests can only be used with the same parameters')],
      [gen({ statusCode: 429, type: 'invalid_request_error', message: 'Too many requests' }), 503, STRIPE_FAILURE_MESSAGES.busy],
      [gen({ statusCode: 500, type: 'api_error', message: 'boom' }), 502, STRIPE_FAILURE_MESSAGES.failed],
      [new Stripe.errors.StripeConnectionError({ message: 'An error occurred with our connection to Stripe.' } as never), 503, STRIPE_FAILURE_MESSAGES.unreachable],
    ];
    for (const [err, status, message] of cases) {
      const mapped = stripeFailure(err, 'test') as { status: number; message: string };
      expect([mapped.status, mapped.message]).toEqual([status, message]);
    }
    const other = new Error('not Stripe');
    expect(stripeFailure(other, 'test')).toBe(other);
  });
});
