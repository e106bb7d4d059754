// Two app instances on one PostgreSQL database: a read on B right after a write on A sees the write, every time
// (docs/decisions/022-speed-without-a-cache.md: nothing is answered from an instance's memory).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

const TRIALS = 30;

// Only where the suite runs on PostgreSQL (npm run test:pg): PGlite is one process's database.
describe.runIf(Boolean(inject('pgTemplate')))('two app instances on one PostgreSQL database', () => {
  let a: TestApp;
  let b: TestApp;
  let cookieA: string;
  let cookieB: string;
  beforeAll(async () => {
    const first = await openTestDatabase();
    a = await createTestApp({}, { database: first });
    b = await createTestApp({}, { database: await openDatabase({ databaseUrl: first.url!, poolSize: 3 }) });
    const org = await a.createOrganization();
    cookieA = await a.cookieFor((await a.createUser({ role: 'org_admin', organizationId: org.id })).id);
    cookieB = await b.cookieFor((await b.createUser({ role: 'org_admin', organizationId: org.id })).id);
    // Both instances have answered the calls once, so anything they could keep from a call is there.
    for (const t of [a, b]) {
      for (const cookie of [cookieA, cookieB]) {
        expect((await t.call({ url: '/api/customers', cookie })).statusCode).toBe(200);
        expect((await t.call({ url: '/api/dashboard/stats', cookie })).statusCode).toBe(200);
      }
    }
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it(`shows B every write made on A at once: ${TRIALS} trials of a create and a rename, 0 stale reads`, async () => {
    let stale = 0;
    for (let i = 0; i < TRIALS; i++) {
      const name = `Trial ${i} ${Date.now()}`;
      const before = Number((await b.call({ url: '/api/customers?limit=1', cookie: cookieB })).headers['x-total-count']);
      const created = await a.call({ method: 'POST', url: '/api/customers', cookie: cookieA, payload: { name } });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const search = await b.call({ url: `/api/customers?q=${encodeURIComponent(name)}`, cookie: cookieB });
      if (search.headers['x-total-count'] !== '1' || search.json()[0]?.id !== id) stale++;
      const total = Number((await b.call({ url: '/api/customers?limit=1', cookie: cookieB })).headers['x-total-count']);
      if (total !== before + 1) stale++;
      const dashboard = (await b.call({ url: '/api/dashboard/stats', cookie: cookieB })).json().totalCustomers as number;
      if (dashboard !== total) stale++;

      expect((await a.call({ method: 'PUT', url: `/api/customers/${id}`, cookie: cookieA, payload: { name: `${name} renamed` } })).statusCode).toBe(200);
      if ((await b.call({ url: `/api/customers/${id}`, cookie: cookieB })).json().name !== `${name} renamed`) stale++;
    }
    expect(stale).toBe(0);
  });

  it('a sign-out on A refuses the same session on B at its very next call', async () => {
    const user = await a.createUser({ role: 'employee', organizationId: (await a.createOrganization()).id });
    for (let i = 0; i < TRIALS; i++) {
      const cookie = await a.cookieFor(user.id);
      expect((await b.call({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
      expect((await a.call({ method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBeLessThan(300);
      expect((await b.call({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
    }
  });
});
