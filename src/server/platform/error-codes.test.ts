import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';
import { AppError, ERROR_CODES, ERROR_STATUS, paymentFailed, providerFailed, providerUnavailable, registerErrorHandling } from './errors';

// Every error answer carries a stable machine `code` beside the human `message` (ADR 010, docs/api.md).
let t: TestApp;
let admin: string;
let employee: string;
beforeAll(async () => {
  t = await createTestApp();
  const org = await t.createOrganization();
  admin = await t.cookieFor((await t.createUser({ organizationId: org.id, role: 'org_admin' })).id);
  employee = await t.cookieFor((await t.createUser({ organizationId: org.id, role: 'employee' })).id);
});
afterAll(async () => {
  await t?.close();
});

describe('error codes of the real app', () => {
  it('VALIDATION_FAILED for a zod refusal, with the field in words and the issues as before', async () => {
    const res = await t.call({ method: 'POST', url: '/api/customers', cookie: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Name is required', issues: [{ path: 'name', message: 'Name is required' }] });
  });

  it('VALIDATION_FAILED for a body that is not JSON', async () => {
    const res = await t.call({ method: 'POST', url: '/api/customers', cookie: admin, payload: '{"name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid JSON body' });
  });

  it('NOT_SIGNED_IN without a session', async () => {
    const res = await t.call({ url: '/api/customers' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'Not signed in' });
  });

  it('FORBIDDEN without the permission', async () => {
    const res = await t.call({ method: 'POST', url: '/api/inventory', cookie: employee, payload: { name: 'Valve' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do that' });
  });

  it('NOT_FOUND for a missing record, an unknown API path and an unknown method', async () => {
    const missing = await t.call({ url: '/api/customers/99999999', cookie: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    for (const [method, url] of [['GET', '/api/no-such-thing'], ['POST', '/api/no-such-thing'], ['DELETE', '/api/customers']] as const) {
      const res = await t.call({ method, url, cookie: admin });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('CONFLICT for a taken SKU', async () => {
    const item = { name: 'Valve', sku: `SKU-${Date.now()}` };
    expect((await t.call({ method: 'POST', url: '/api/inventory', cookie: admin, payload: item })).statusCode).toBe(201);
    const again = await t.call({ method: 'POST', url: '/api/inventory', cookie: admin, payload: item });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'An item with this SKU already exists' });
  });

  it('PAYLOAD_TOO_LARGE for a body over the limit (Fastify refuses it before any route code)', async () => {
    const res = await t.call({ method: 'POST', url: '/api/customers', cookie: admin, payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
  });

  it('UNSUPPORTED_MEDIA_TYPE from the CSRF rule and from Fastify itself', async () => {
    const form = await t.call({ method: 'POST', url: '/api/customers', cookie: admin, headers: { 'content-type': 'text/plain' }, payload: 'name=x' });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Requests that change data must be sent as application/json' });
    // The webhook takes no CSRF rule (Stripe calls it); a content type no parser knows is Fastify's own 415.
    const xml = await t.call({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/xml' }, payload: '<x/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' });
  });
});

describe('validation messages name the field in words', () => {
  it('a query bound, an over-long text and a line item: words, no path and no zod text', async () => {
    const limit = await t.call({ url: '/api/customers?limit=100000', cookie: admin });
    expect(limit.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Limit: must be 500 or less', issues: [{ path: 'limit', message: 'Must be 500 or less' }] });
    const q = await t.call({ url: `/api/customers?q=${'x'.repeat(201)}`, cookie: admin });
    expect(q.json().message).toBe('Search: must be at most 200 characters');
    const customer = (await t.call({ method: 'POST', url: '/api/customers', cookie: admin, payload: { name: 'Ann' } })).json();
    const line = await t.call({
      method: 'POST',
      url: '/api/work-orders',
      cookie: admin,
      payload: { customerId: customer.id, title: 'Fix', lineItems: [{ description: 'a', quantity: 1, rate: 1 }, { description: 'b', quantity: 99999999, rate: 99999999 }] },
    });
    expect(line.statusCode).toBe(400);
    expect(line.json().message).toBe('Line 2: amount is too large');
    expect(line.json().issues[0].path).toBe('lineItems.1.amount');
    for (const res of [limit, q, line]) expect(res.body).not.toMatch(/Too big|Too small|expected (string|number)|lineItems\.1\.amount:/);
  });
});

describe('RATE_LIMITED from the per-client limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Scale 0.01: every public limit is one call an hour (platform/client-limits.ts).
    limited = await createTestApp({ PUBLIC_LIMIT_SCALE: '0.01' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 with the code, the message and Retry-After', async () => {
    const register = () => limited.call({ method: 'POST', url: '/api/auth/register', payload: { email: 'a@example.com' } });
    expect((await register()).statusCode).not.toBe(429);
    const res = await register();
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many registrations from your network\. Please try again in \d+ minutes?\.$/) });
  });
});

describe('the error handler maps every code', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get('/throw/:code', async (req) => {
    throw new AppError((req.params as { code: (typeof ERROR_CODES)[number] }).code, 'Refused');
  });
  app.get('/plain', async () => {
    throw new Error('boom');
  });
  app.get('/pg/:code', async (req) => {
    throw Object.assign(new Error('driver'), { code: (req.params as { code: string }).code });
  });
  app.get('/provider/:kind', async (req) => {
    const kind = (req.params as { kind: string }).kind;
    if (kind === 'failed') throw providerFailed('smtp', 'The email could not be sent', '535 auth');
    if (kind === 'unavailable') throw providerUnavailable('twilio', 'Text messages cannot be sent right now', 'ECONNREFUSED', 30);
    throw paymentFailed('Your card was declined.');
  });
  app.get('/bad-answer', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 'x' }) as unknown as { id: number });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('answers each AppError code with its status and the code in the body', async () => {
    for (const code of ERROR_CODES) {
      const res = await app.inject({ url: `/throw/${code}` });
      expect(res.statusCode, code).toBe(ERROR_STATUS[code]);
      expect(res.json(), code).toEqual({ code, message: 'Refused' });
    }
  });

  it('PROVIDER_FAILED, PROVIDER_UNAVAILABLE (with Retry-After) and PAYMENT_FAILED', async () => {
    const failed = await app.inject({ url: '/provider/failed' });
    expect([failed.statusCode, failed.json()]).toEqual([502, { code: 'PROVIDER_FAILED', message: 'The email could not be sent' }]);
    const unavailable = await app.inject({ url: '/provider/unavailable' });
    expect([unavailable.statusCode, unavailable.json(), unavailable.headers['retry-after']]).toEqual([503, { code: 'PROVIDER_UNAVAILABLE', message: 'Text messages cannot be sent right now' }, '30']);
    const declined = await app.inject({ url: '/provider/declined' });
    expect([declined.statusCode, declined.json()]).toEqual([402, { code: 'PAYMENT_FAILED', message: 'Your card was declined.' }]);
  });

  it('database refusals: CONFLICT, VALIDATION_FAILED, UNAVAILABLE', async () => {
    const cases: [string, number, string, string][] = [
      ['23505', 409, 'CONFLICT', 'That record already exists'],
      ['23503', 400, 'VALIDATION_FAILED', 'A referenced record does not exist'],
      ['22021', 400, 'VALIDATION_FAILED', 'Invalid input value'],
      ['08006', 503, 'UNAVAILABLE', 'Service temporarily unavailable, please retry'],
    ];
    for (const [pg, status, code, message] of cases) {
      const res = await app.inject({ url: `/pg/${pg}` });
      expect([res.statusCode, res.json()], pg).toEqual([status, { code, message }]);
    }
  });

  it('INTERNAL_ERROR for an unexpected error and for an answer that does not match its schema', async () => {
    for (const url of ['/plain', '/bad-answer']) {
      const res = await app.inject({ url });
      expect([res.statusCode, res.json()], url).toEqual([500, { code: 'INTERNAL_ERROR', message: 'Internal server error' }]);
    }
  });
});
