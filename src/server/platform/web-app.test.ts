import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tradebook</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'main-abc.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every client route, / included, with index.html', async () => {
    for (const url of ['/', '/login', '/customers', '/org/demo', '/dev/outbox']) {
      const res = await t.call({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, including ones built after start-up', async () => {
    const res = await t.call({ url: '/assets/main-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    fs.writeFileSync(path.join(dist, 'assets', 'later-def.js'), 'console.log(2)');
    expect((await t.call({ url: '/assets/later-def.js' })).statusCode).toBe(200);
  });

  it('answers unknown API paths and missing files with JSON 404', async () => {
    for (const url of ['/api/nope', '/assets/missing.js']) {
      const res = await t.call({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('compresses assets for browsers that accept it', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'big-123.js'), `console.log(${JSON.stringify('x'.repeat(50_000))});`);
    const res = await t.call({ url: '/assets/big-123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(5_000);
  });

  it('sends security headers', async () => {
    const res = await t.call({ url: '/login' });
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    // JSON answers, errors and unknown API paths alike: OWASP's API set, nothing may load or frame them.
    for (const url of ['/api/health', '/api/customers', '/api/no-such-call', '/api/customers?q=x']) {
      const api = await t.call({ url });
      expect(api.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(api.headers['x-frame-options'], url).toBe('DENY');
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      expect(api.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(api.headers['referrer-policy'], url).toBe('no-referrer');
      expect(api.headers['x-xss-protection'], url).toBeUndefined();
    }
    // The OpenAPI UI is a page.
    expect((await t.call({ url: '/api/docs/' })).headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(res.headers['content-security-policy']).toContain('script-src \'self\' https://js.stripe.com');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS to pages and JSON answers alike when served over https', async () => {
    const secure = await createTestApp({ WEB_DIST_DIR: dist, APP_URL: 'https://tradebook.example' });
    try {
      for (const url of ['/login', '/api/health']) {
        expect((await secure.call({ url })).headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      }
    } finally {
      await secure.close();
    }
  });
});
