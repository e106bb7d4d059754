import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-database';
import { REDACTED, redactUrl } from './request-log';

describe('redactUrl', () => {
  it('masks the value of every token parameter, in any letter case or encoding, and leaves the rest as sent', () => {
    expect(redactUrl('/customer-portal?token=abc_DEF-123')).toBe(`/customer-portal?token=${REDACTED}`);
    expect(redactUrl('/api/portal?customer=5&token=abc&x=1')).toBe(`/api/portal?customer=5&token=${REDACTED}&x=1`);
    expect(redactUrl('/api/portal?TOKEN=abc&%74oken=def&token')).toBe(`/api/portal?TOKEN=${REDACTED}&%74oken=${REDACTED}&token=${REDACTED}`);
    expect(redactUrl('/api/portal?tokens=keep&mytoken=keep')).toBe('/api/portal?tokens=keep&mytoken=keep');
    expect(redactUrl('/api/portal?%E0%A4%A=1&token=abc')).toBe(`/api/portal?%E0%A4%A=1&token=${REDACTED}`);
    expect(redactUrl('/customers?q=token')).toBe('/customers?q=token');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('the request log', () => {
  let database: Database;
  let built: BuiltApp;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'info', LOG_REQUESTS: 'true' });
    built = await buildApp({ database, config, logger: true, logStream: { write: (line: string) => void lines.push(line) } });
    await built.app.ready();
  });
  afterAll(async () => {
    await built?.app.close();
    await database?.close();
  });

  it("never prints a portal link's token, from an old ?token= page link, an API query or the header", async () => {
    const secret = 'Sup3rSecretPortalToken_abcdefghijklmnopqrstuvw';
    await built.app.inject({ url: `/customer-portal?token=${secret}` });
    await built.app.inject({ url: `/api/portal?token=${secret}` });
    await built.app.inject({ url: `/api/portal?customer=7&Token=${secret}` });
    await built.app.inject({ url: '/api/portal', headers: { 'x-portal-token': secret } });
    const log = lines.join('');
    // The requests were logged, with the value masked...
    expect(log).toContain(`"url":"/api/portal?token=${REDACTED}"`);
    expect(log).toContain(`"url":"/api/portal?customer=7&Token=${REDACTED}"`);
    expect(log).toContain(`"url":"/customer-portal?token=${REDACTED}"`);
    // ...and the token appears nowhere.
    expect(log).not.toContain(secret);
  });
});
