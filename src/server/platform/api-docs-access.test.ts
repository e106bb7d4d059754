import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// The API documentation is a development convenience: it answers only this machine, like the outbox
// (docs/security.md), in development and in production alike.
let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ NODE_ENV: 'development' });
  prod = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
});
afterAll(async () => {
  await dev?.close();
  await prod?.close();
});

const DOC_URLS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'];

describe('API documentation: who may read it', () => {
  it('answers this machine, over IPv4 and IPv6 loopback', async () => {
    for (const t of [dev, prod]) {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const json = await t.call({ url: '/api/docs/json', remoteAddress });
        expect(json.statusCode, remoteAddress).toBe(200);
        expect(json.json().info.title).toBe('Tradebook API');
        expect((await t.call({ url: '/api/docs/', remoteAddress })).statusCode, remoteAddress).toBe(200);
      }
    }
  });

  it('is 404 to another machine, and to a request a local proxy relays for one', async () => {
    for (const t of [dev, prod]) {
      for (const url of DOC_URLS) {
        const remote = await t.call({ url, remoteAddress: '203.0.113.7' });
        expect(remote.statusCode, url).toBe(404);
        expect(remote.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
        const relayed = await t.call({ url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } });
        expect(relayed.statusCode, url).toBe(404);
      }
    }
  });
});
