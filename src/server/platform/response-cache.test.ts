// The response cache answers repeated list calls from memory, and never with something a write has changed or
// that belongs to another caller.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, shortUrls, users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';

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
