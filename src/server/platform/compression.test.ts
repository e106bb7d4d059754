// API answers are compressed in one call for clients that accept it (platform/compression.ts).
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';

describe('compressed API answers', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const org = await t.createOrganization();
    cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    await t.database.db.insert(customers).values(Array.from({ length: 40 }, (_, i) => ({ organizationId: org.id, name: `Compressed Customer ${i}`, email: `c${i}@example.com` })));
  });
  afterAll(() => t.close());

  const list = (encoding?: string, url = '/api/customers') => t.call({ url, cookie, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a large JSON answer in brotli or gzip, as the client prefers, and it decodes to the same answer', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await list('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['x-total-count']).toBe('40');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await list('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
  });

  it('leaves small answers and clients that ask for none alone', async () => {
    const small = await list('br, gzip', '/api/customers?limit=1');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((await list('identity')).headers['content-encoding']).toBeUndefined();
  });
});
