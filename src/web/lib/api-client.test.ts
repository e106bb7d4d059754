import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage } from '@/lib/api-client';

interface Call {
  url: string;
  init: RequestInit;
}

let calls: Call[];
let storage: Map<string, string>;

function respond(status: number, body: string, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body || null, { status, statusText: status === 500 ? 'Internal Server Error' : '', headers: { 'content-type': contentType } });
    }),
  );
}

beforeEach(() => {
  calls = [];
  storage = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const headers = (i = 0) => calls[i].init.headers as Record<string, string>;

describe('api client (docs/rules/platform.md#request-rules)', () => {
  it('sends credentials on every call and a JSON body with a JSON content type', async () => {
    respond(200, '{"id":1}');
    expect(await api.post('/api/things', { name: 'x' })).toEqual({ id: 1 });
    expect(calls[0].init.credentials).toBe('include');
    expect(headers()['Content-Type']).toBe('application/json');
    expect(calls[0].init.body).toBe('{"name":"x"}');
  });

  it('sends no content type on reads, and a JSON content type without a body on bodiless writes', async () => {
    respond(200, '[]');
    await api.get('/api/things');
    expect(headers(0)['Content-Type']).toBeUndefined();
    await api.post('/api/auth/logout');
    expect(headers(1)['Content-Type']).toBe('application/json');
    expect(calls[1].init.body).toBeUndefined();
  });

  it('sends the impersonation token unless it is empty, null or undefined', async () => {
    respond(200, '{}');
    for (const value of ['', 'null', 'undefined']) {
      storage.set('impersonation_token', value);
      await api.get('/api/me');
      expect(headers(calls.length - 1)['x-impersonation-token']).toBeUndefined();
    }
    storage.set('impersonation_token', 'tok');
    await api.get('/api/me');
    expect(headers(calls.length - 1)['x-impersonation-token']).toBe('tok');
  });

  it("throws 'status: body' errors that carry the status and the parsed body", async () => {
    respond(404, '{"message":"No account found for this email"}');
    const error = await api.post('/api/auth/send-otp', { email: 'a@b.c' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"No account found for this email"}');
    expect((error as ApiError).status).toBe(404);
    expect(errorMessage(error)).toBe('No account found for this email');
  });

  it('shows a field label, not a request path, when a message names the field by its path', () => {
    const old = new ApiError(400, '400', { message: 'lineItems.0.amount: Is too large', issues: [{ path: 'lineItems.0.amount', message: 'Is too large' }] });
    expect(errorMessage(old)).toBe('Line 1, amount: is too large');
    const asArray = new ApiError(400, '400', { message: 'name: Must be at most 100 characters', issues: [{ path: ['name'], message: 'Must be at most 100 characters' }] });
    expect(errorMessage(asArray)).toBe('Name: must be at most 100 characters');
    // The server's own wording (and the documented texts) is kept as it is.
    const worded = new ApiError(400, '400', { message: 'Please enter an amount', issues: [{ path: 'amount', message: 'Please enter an amount' }] });
    expect(errorMessage(worded)).toBe('Please enter an amount');
  });

  it('uses the status text when the body is empty', async () => {
    respond(500, '');
    await expect(api.get('/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('answers null for a 401 only when the read asks for it', async () => {
    respond(401, '{"message":"Not signed in"}');
    expect(await api.get('/api/auth/me', { on401: 'returnNull' })).toBeNull();
    await expect(api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
  });
});
