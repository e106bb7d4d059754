// The response cache answers repeated list calls from memory, and never with something a write has changed or
// that belongs to another caller.
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, shortUrls, users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';
import { cachedResponse } from './read-cache';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let manager: string;
let managerB: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  manager = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: orgA.id })).id);
  managerB = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: orgB.id })).id);
  await t.database.db.insert(customers).values([
    { organizationId: orgA.id, name: 'Ada Cached' },
    { organizationId: orgB.id, name: 'Bea Other' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie = manager) => t.call({ url, cookie });
/** PostgreSQL's LISTEN connection comes up a moment after start; until then nothing is cached. */
async function cachingReady() {
  for (let i = 0; i < 100 && !t.database.changes.up; i++) await new Promise((r) => setTimeout(r, 20));
  expect(t.database.changes.up).toBe(true);
}
/** Calls url until it is answered from the cache (the first call fills it). */
async function warm(url: string, cookie = manager) {
  await cachingReady();
  const first = await get(url, cookie);
  const second = await get(url, cookie);
  expect(second.headers['x-cache']).toBe('hit');
  expect(second.body).toBe(first.body);
  return second;
}
const names = (body: string) => (JSON.parse(body) as { name: string }[]).map((c) => c.name).sort();

describe('the response cache', () => {
  it('answers a repeated list call from memory with the same body and total', async () => {
    const first = await get('/api/customers');
    expect(first.headers['x-cache']).toBeUndefined();
    const hit = await warm('/api/customers');
    expect(hit.headers['x-total-count']).toBe('1');
    expect(hit.headers['content-type']).toMatch(/application\/json/);
    expect(names(hit.body)).toEqual(['Ada Cached']);
  });

  it("never gives one caller another's answer", async () => {
    await warm('/api/customers');
    const other = await get('/api/customers', managerB);
    expect(other.headers['x-cache']).toBeUndefined();
    expect(names(other.body)).toEqual(['Bea Other']);
    expect((await get('/api/customers', 'sid=not-a-session')).statusCode).toBe(401);
  });

  it('shows a write made through a route at once', async () => {
    await warm('/api/customers');
    const created = await t.call({ method: 'POST', url: '/api/customers', cookie: manager, payload: { name: 'Cy New' } });
    expect(created.statusCode).toBe(201);
    const after = await get('/api/customers');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(names(after.body)).toContain('Cy New');
    expect(after.headers['x-total-count']).toBe('2');
  });

  it('shows a write made outside any route (a background job, a script) at once', async () => {
    await warm('/api/customers');
    await t.database.db.update(customers).set({ name: 'Ada Renamed' }).where(eq(customers.name, 'Ada Cached'));
    expect(names((await get('/api/customers')).body)).toContain('Ada Renamed');
    await warm('/api/customers');
    await t.database.db.transaction(async (tx) => {
      await tx.update(customers).set({ name: 'Ada Again' }).where(eq(customers.name, 'Ada Renamed'));
    });
    expect(names((await get('/api/customers')).body)).toContain('Ada Again');
  });

  it("shows a GET's side effect: a short link's click count", async () => {
    const [link] = await t.database.db
      .insert(shortUrls)
      .values({ organizationId: orgA.id, title: 'Cached link', originalUrl: 'https://example.com/x', shortCode: 'cachetest1' })
      .returning();
    await warm('/api/short-urls');
    expect((await t.app.inject({ url: '/s/cachetest1' })).statusCode).toBe(302);
    const after = (await get('/api/short-urls')).json() as { id: number; clicks: number }[];
    expect(after.find((l) => l.id === link.id)?.clicks).toBe(1);
  });

  it('does not keep an error or a refused call', async () => {
    await cachingReady();
    for (let i = 0; i < 2; i++) expect((await get('/api/customers?limit=0')).headers['x-cache']).toBeUndefined();
  });
});

describe('compressed answers', () => {
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    const org = await t.createOrganization();
    userId = (await t.createUser({ role: 'manager', organizationId: org.id })).id;
    cookie = await t.cookieFor(userId);
    // Enough rows for an answer above the 1 KB compression threshold.
    await t.database.db.insert(customers).values(Array.from({ length: 30 }, (_, i) => ({ organizationId: org.id, name: `Compressed Customer ${i}` })));
  });
  const fetchAs = (acceptEncoding?: string) =>
    t.call({ url: '/api/customers', cookie, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
  const decode = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const enc = res.headers['content-encoding'];
    const raw = res.rawPayload;
    return (enc === 'br' ? zlib.brotliDecompressSync(raw) : enc === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
  };

  it('sends a kept answer in the encoding the client asks for, compressed once per encoding', async () => {
    await cachingReady();
    const plain = await fetchAs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    // Chromium's header: brotli wins, on the call that fills the cache and on the hits after it.
    const chrome = 'gzip, deflate, br, zstd';
    const first = await fetchAs(chrome);
    const hit = await fetchAs(chrome);
    for (const res of [first, hit]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decode(res)).toBe(plain.body);
    }
    expect(hit.headers['x-cache']).toBe('hit');
    expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    expect(hit.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gz = await fetchAs('gzip');
    expect(gz.headers['x-cache']).toBe('hit');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(plain.body);
    expect((await fetchAs('identity')).headers['content-encoding']).toBeUndefined();
    expect((await fetchAs('br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');

    // Each encoding was made once and is kept, and counted against the cache's memory bound.
    const entry = cachedResponse(t.database.db, `user:${userId} /api/customers`)!;
    const br = await entry.encoded.get('br');
    const gzip = await entry.encoded.get('gzip');
    expect([...entry.encoded.keys()].sort()).toEqual(['br', 'gzip']);
    expect(br?.equals(hit.rawPayload)).toBe(true);
    expect(entry.bytes).toBe(entry.payload.length + br!.length + gzip!.length);
  });

  it('leaves small answers uncompressed', async () => {
    await cachingReady();
    for (const cached of [undefined, 'hit']) {
      const res = await t.call({ url: '/api/customers', cookie: managerB, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['x-cache']).toBe(cached);
      expect(res.body.length).toBeLessThan(1024);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(names(res.body)).toEqual(['Bea Other']);
    }
  });
});

describe('sessions checked from memory', () => {
  it('refuses a signed-out cookie on its very next call', async () => {
    const cookie = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: orgA.id })).id);
    await warm('/api/customers', cookie);
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBeLessThan(300);
    expect((await get('/api/customers', cookie)).statusCode).toBe(401);
  });

  it('refuses a deactivated user on their very next call', async () => {
    const u = await t.createUser({ role: 'manager', organizationId: orgA.id });
    const cookie = await t.cookieFor(u.id);
    await warm('/api/customers', cookie);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect((await get('/api/customers', cookie)).statusCode).toBe(401);
  });

  it('applies a role change on the next call', async () => {
    const u = await t.createUser({ role: 'manager', organizationId: orgA.id });
    const cookie = await t.cookieFor(u.id);
    await warm('/api/customers', cookie);
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, u.id));
    expect((await get('/api/customers', cookie)).statusCode).toBe(403);
  });
});

describe('RESPONSE_CACHE=false', () => {
  it('reads the database on every call', async () => {
    const off = await createTestApp({ RESPONSE_CACHE: 'false' });
    try {
      const org = await off.createOrganization();
      const cookie = await off.cookieFor((await off.createUser({ role: 'manager', organizationId: org.id })).id);
      for (let i = 0; i < 3; i++) expect((await off.call({ url: '/api/customers', cookie })).headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
