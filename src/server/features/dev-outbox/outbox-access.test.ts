import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isLoopbackAddress, isOutboxPage } from './outbox-access';

// The outbox holds every organization's mail, sign-in codes included: it answers only a development install
// without SMTP, and only to a caller whose TCP connection comes from this machine (docs/security.md).
let dist: string;
const apps: TestApp[] = [];
async function app(env: Record<string, string>) {
  const t = await createTestApp({ WEB_DIST_DIR: dist, ...env });
  apps.push(t);
  await t.database.db.insert(outbox).values({ channel: 'email', to: 'super@example.com', subject: 'Your Tradebook sign-in code: 123456', text: 'code 123456', transport: 'outbox', status: 'stored' });
  return t;
}
let dev: TestApp;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tradebook</title>');
  dev = await app({ NODE_ENV: 'development' });
});
afterAll(async () => {
  for (const t of apps) await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const REMOTE = '203.0.113.7';
const read = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) => t.call({ url: '/api/dev/outbox', remoteAddress, headers });
const page = (t: TestApp, remoteAddress: string, url = '/dev/outbox') => t.call({ url, remoteAddress });
const hint = async (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  (await t.call({ url: '/api/public/app-info', remoteAddress, headers })).json().devOutbox;

describe('outbox: who may read it', () => {
  it('answers a development install without SMTP from this machine, over IPv4, IPv6 and IPv4-mapped loopback', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await read(dev, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json()[0]).toMatchObject({ to: 'super@example.com', subject: 'Your Tradebook sign-in code: 123456' });
      expect((await page(dev, address)).statusCode, address).toBe(200);
      expect(await hint(dev, address), address).toBe(true);
    }
  });

  it('is 404, page included, to a caller on another machine', async () => {
    for (const address of [REMOTE, '10.0.0.5', '::ffff:10.0.0.5', '2001:db8::1', '128.0.0.1']) {
      const res = await read(dev, address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      expect((await page(dev, address)).statusCode, address).toBe(404);
      expect(await hint(dev, address), address).toBe(false);
    }
  });

  it('is 404 however the page path is spelt', async () => {
    for (const url of ['/dev/outbox/', '/DEV/Outbox', '/dev/%6Futbox', '/dev/outbox?x=1']) {
      expect((await page(dev, REMOTE, url)).statusCode, url).toBe(404);
    }
    // Other client routes are still the web app.
    expect((await page(dev, REMOTE, '/login')).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For, even with TRUST_PROXY', async () => {
    const proxied = await app({ NODE_ENV: 'development', TRUST_PROXY: 'true' });
    const spoof = { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' };
    expect((await read(proxied, REMOTE, spoof)).statusCode).toBe(404);
    expect(await hint(proxied, REMOTE, spoof)).toBe(false);
  });

  it('refuses what a proxy on this machine relays for another one', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': REMOTE },
      { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` },
      { 'x-real-ip': '2001:db8::7' },
      { forwarded: `for=${REMOTE};proto=https` },
      { forwarded: 'for="[2001:db8::7]:4711"' },
      { forwarded: 'for=unknown' },
    ];
    for (const headers of relayed) {
      expect((await read(dev, '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(404);
      expect(await hint(dev, '127.0.0.1', headers), JSON.stringify(headers)).toBe(false);
    }
    // A local proxy relaying this machine's own browser is still this machine.
    const local: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for="[::1]:4711"' }, { forwarded: 'for=127.0.0.1:5000' }];
    for (const headers of local) {
      expect((await read(dev, '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('is 404 to everyone once SMTP_URL is set: mail then really leaves the machine', async () => {
    const smtp = await app({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:1' });
    expect((await read(smtp, '127.0.0.1')).statusCode).toBe(404);
    expect((await page(smtp, '127.0.0.1')).statusCode).toBe(404);
    expect(await hint(smtp, '127.0.0.1')).toBe(false);
  });

  it('is 404 to everyone in production', async () => {
    const prod = await app({ NODE_ENV: 'production' });
    expect((await read(prod, '127.0.0.1')).statusCode).toBe(404);
    expect((await page(prod, '127.0.0.1')).statusCode).toBe(404);
    expect(await hint(prod, '127.0.0.1')).toBe(false);
  });
});

describe('outbox access rules', () => {
  it('counts 127.0.0.0/8, ::1 and ::ffff:127.x as loopback and nothing else', () => {
    for (const a of ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '126.255.255.255', '128.0.0.1', '::', '::2', 'fe80::1', '::ffff:10.0.0.1', '0.0.0.0', 'localhost', '', undefined, null]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it('recognises the outbox page', () => {
    expect(isOutboxPage('/dev/outbox')).toBe(true);
    expect(isOutboxPage('/dev/outbox-archive')).toBe(false);
    expect(isOutboxPage('/developer/outbox')).toBe(false);
  });
});
