import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { ERROR_CODES } from './errors';
import { acceptsApiKey, operationIdFor } from './openapi';

// The OpenAPI document lists what each operation really answers (docs/api.md, ADR 010).
interface Response {
  description: string;
  headers?: Record<string, { schema: { type: string } }>;
  content?: Record<string, { schema: { type?: string; format?: string; properties?: Record<string, { enum?: string[] }>; required?: string[] } }>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, Response>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string; description?: string }> } };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.call({ url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t?.close();
});

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operation = (method: string, url: string) => doc.paths[openApiPath(url)]?.[method.toLowerCase()];
const allOperations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })));

describe('OpenAPI document', () => {
  it('gives every operation an operationId, unique, derived from method and path', () => {
    const ops = allOperations();
    expect(ops.length).toBeGreaterThan(90);
    const ids = ops.map(({ key, op }) => {
      expect(op.operationId, key).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(operation('GET', '/api/invoices/:id/pdf')?.operationId).toBe('getInvoicesByIdPdf');
    expect(operationIdFor('PUT', '/api/admin/users/:id/role')).toBe('putAdminUsersByIdRole');
  });

  it('documents every /api route the guard knows, with 401 and the sign-in schemes exactly when it needs a session or a key', () => {
    for (const r of t.routes) {
      const op = operation(r.method, r.url);
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      if (!op) continue;
      const signedIn = r.access.kind !== 'public';
      expect(!!op.responses['401'], `${r.method} ${r.url} 401`).toBe(signedIn);
      const sessions = [{ session: [] }, { session: [], impersonation: [] }];
      // An API key is one more way in, except on the calls for people only (docs/rules/public-api.md#what-a-key-cannot-call).
      expect(op.security, `${r.method} ${r.url} security`).toEqual(signedIn ? (acceptsApiKey(r.access) ? [...sessions, { apiKey: [] }] : sessions) : []);
      if (acceptsApiKey(r.access)) expect(op.responses['429']?.headers?.['Retry-After'], `${r.method} ${r.url} 429`).toBeDefined();
      if (r.access.kind === 'permission') expect(op.responses['403'], `${r.method} ${r.url} 403`).toBeDefined();
      if (r.method !== 'GET') {
        for (const status of ['400', '409', '413', '415']) expect(op.responses[status], `${r.method} ${r.url} ${status}`).toBeDefined();
      }
      if (r.url.includes('/:')) expect(op.responses['404'], `${r.method} ${r.url} 404`).toBeDefined();
    }
    // Public reads without input answer neither 400 nor 401.
    expect(Object.keys(operation('GET', '/api/health')!.responses)).toEqual(['200']);
  });

  it('describes every error answer with the error body and its codes', () => {
    let seen = 0;
    for (const { key, op } of allOperations()) {
      for (const [status, res] of Object.entries(op.responses)) {
        if (!/^4/.test(status) || key === 'GET /s/{code}') continue;
        seen++;
        const schema = res.content?.['application/json']?.schema;
        expect(schema?.required, `${key} ${status}`).toEqual(['code', 'message']);
        expect(schema?.properties?.code.enum, `${key} ${status}`).toEqual(ERROR_CODES);
        expect(schema?.properties, `${key} ${status}`).toHaveProperty('issues');
      }
    }
    expect(seen).toBeGreaterThan(300);
  });

  it('answers 429 with Retry-After on the per-client-limited routes and sign-in, and otherwise only where a key is counted', () => {
    const byKey = (op: Operation) => !!op.security?.some((s) => 'apiKey' in s);
    const limited = allOperations().filter(({ op }) => op.responses['429'] && !byKey(op)).map(({ key }) => key).sort();
    // Sign-in and every route with a `clientLimit` (platform/client-limits.ts): a new limit must be added here too.
    expect(limited).toEqual(
      [
        'GET /api/public/quotes/{token}/pdf',
        'POST /api/auth/send-otp',
        'POST /api/auth/verify-otp',
        'POST /api/auth/register',
        'POST /api/payment-intents/confirm',
        'POST /api/generic-payment-links',
        'POST /api/public/payment-links/{linkId}/open',
        'POST /api/public/payment-links/{linkId}/payment-intent',
        'POST /api/public/quotes/{token}/approve',
        'POST /api/public/quotes/{token}/decline',
        'POST /api/public/quotes/{token}/deposit-intent',
        'POST /api/public/quotes/{token}/open',
        'POST /api/public/quotes/{token}/request-changes',
        'POST /api/customers/{id}/setup-intent',
        'POST /api/setup-intents/confirm',
        'PUT /api/customers/{id}/auto-pay',
        'POST /api/invoices/{id}/payment-intent',
        'POST /api/public/schedule-by-slug/{slug}/book',
        'POST /api/public/bookings/{token}/deposit-intent',
        'POST /api/public/bookings/{token}/setup-intent',
        'GET /api/calendar-feed/{file}',
        'GET /api/public/appointments/{token}',
        'POST /api/public/appointments/{token}/cancel',
        'POST /api/public/appointments/{token}/reschedule',
        'POST /api/webhooks/twilio/sms',
      ].sort(),
    );
    for (const key of limited) {
      const [method, path] = key.split(' ');
      expect(doc.paths[path][method.toLowerCase()].responses['429'].headers?.['Retry-After'], key).toBeDefined();
    }
  });

  it('names the session cookie and the impersonation header as security schemes', async () => {
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(doc.components.securitySchemes.impersonation).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-impersonation-token' });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKey.description).toContain('600 calls a minute');
    expect(operation('GET', '/api/customers')?.security).toContainEqual({ apiKey: [] });
    expect(operation('GET', '/api/me')?.security).not.toContainEqual({ apiKey: [] });
    const https = await createTestApp({ APP_URL: 'https://tradebook.example.com' });
    try {
      const secure: Doc = (await https.call({ url: '/api/docs/json' })).json();
      expect(secure.components.securitySchemes.session.name).toBe('__Host-sid');
    } finally {
      await https.close();
    }
  });

  it('lists X-Total-Count on the list routes, and a list route really sends it', async () => {
    const lists = ['/api/customers', '/api/work-orders', '/api/estimates', '/api/invoices', '/api/payments', '/api/messages', '/api/inventory', '/api/time-entries', '/api/vendors'];
    for (const url of lists) expect(operation('GET', url)?.responses['200'].headers?.['X-Total-Count'], url).toEqual({ schema: { type: 'integer' }, description: expect.any(String) });
    expect(operation('GET', '/api/customers/:id')?.responses['200'].headers).toBeUndefined();
    const org = await t.createOrganization();
    const admin = await t.cookieFor((await t.createUser({ organizationId: org.id, role: 'org_admin' })).id);
    expect((await t.call({ url: '/api/customers', cookie: admin })).headers['x-total-count']).toBe('0');
  });

  it('gives the content types of the PDF and CSV answers', () => {
    for (const url of ['/api/invoices/:id/pdf', '/api/estimates/:id/pdf', '/api/portal/invoices/:id/pdf']) {
      expect(operation('GET', url)?.responses['200'].content, url).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
    }
    expect(Object.keys(operation('GET', '/api/reports/export')?.responses['200'].content ?? {})).toEqual(['text/csv']);
  });

  it('documents /s/{code} as a 302 with Location, public', () => {
    const s = operation('GET', '/s/:code')!;
    expect(s.security).toEqual([]);
    expect(s.responses['302'].headers?.Location).toBeDefined();
    expect(s.responses['302'].content).toBeUndefined();
    expect(s.responses['200']).toBeUndefined();
  });
});
