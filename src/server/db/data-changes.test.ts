// The database handle reports writes, whoever makes them, at the right moments; on PostgreSQL other instances
// hear them too, and an instance that cannot hear stops serving from its caches.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { openDatabase, type Database } from './client';
import { classifyStatement, type DataChange } from './data-changes';
import { customers, organizations } from './schema/index';

describe('classifyStatement', () => {
  it('tells reads from writes and transaction boundaries', () => {
    for (const read of ['select 1', '  SELECT * FROM "customers"', 'with x as (select 1) select * from x', 'show search_path', 'explain select 1', 'SET cpu_operator_cost = 0.25']) {
      expect(classifyStatement(read), read).toBe('read');
    }
    for (const write of [
      'insert into "customers" ("name") values ($1)',
      'update "invoices" set "status" = $1',
      'DELETE FROM x',
      'with moved as (update "counters" set "next" = "next" + 1 returning *) select * from moved',
      'with gone as (delete from "sessions" where true returning id) select count(*) from gone',
      'truncate customers',
      'create table t (id int)',
      'some statement we do not know',
      '',
    ]) {
      expect(classifyStatement(write), write).toBe('write');
    }
    expect(classifyStatement(undefined)).toBe('write');
    expect(classifyStatement('begin')).toBe('begin');
    expect(classifyStatement('COMMIT')).toBe('commit');
    expect(classifyStatement('rollback')).toBe('rollback');
  });
});

describe('the change feed of a database handle', () => {
  let database: Database & { url?: string };
  let orgId: number;
  const events: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    // PostgreSQL's LISTEN connection announces itself (caches start empty) when it comes up: not part of these cases.
    for (let i = 0; i < 250 && !database.changes.up; i++) await new Promise((r) => setTimeout(r, 20));
    database.changes.on((c: DataChange) => events.push(c));
    [{ id: orgId }] = await database.db.insert(organizations).values({ name: 'Feed Org', slug: 'feed-org', industry: 'Home Services' }).returning();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('says nothing for reads', async () => {
    events.length = 0;
    await database.db.select().from(customers).where(eq(customers.organizationId, orgId));
    await database.query('select 1');
    expect(events).toEqual([]);
  });

  it('reports a single write before it runs and once it is done', async () => {
    events.length = 0;
    const write = database.db.insert(customers).values({ organizationId: orgId, name: 'Fed' });
    const pending = write.then(() => events.push('returned'));
    await pending;
    expect(events).toEqual(['starting', 'committed', 'returned']);
  });

  it("reports a transaction's writes as committed only at its end, and a rolled-back one never", async () => {
    events.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.insert(customers).values({ organizationId: orgId, name: 'In a transaction' });
      await tx.select().from(customers).limit(1);
      events.push('last statement');
    });
    expect(events).toEqual(['starting', 'last statement', 'committed']);

    events.length = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(customers).values({ organizationId: orgId, name: 'Rolled back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(events).toEqual(['starting']);
    expect(await database.db.select().from(customers).where(eq(customers.name, 'Rolled back'))).toEqual([]);
  });
});

// Only where the suite runs on PostgreSQL (npm run test:pg): PGlite is one process's database.
describe.runIf(Boolean(inject('pgTemplate')))('two app instances on one PostgreSQL database', () => {
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    const first = await openTestDatabase();
    url = first.url;
    a = await createTestApp({}, { database: first });
    if (url) b = await createTestApp({}, { database: await openDatabase({ databaseUrl: url, poolSize: 3 }) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const until = async (what: () => Promise<boolean> | boolean, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 25));
    }
    return true;
  };

  it("sees the other's writes within moments, and serves nothing from memory while it cannot hear them", async () => {
    expect(url).toMatch(/^postgres(ql)?:\/\//);
    const appA = a!;
    const appB = b!;
    const org = await appA.createOrganization();
    const cookieB = await appB.cookieFor((await appB.createUser({ role: 'manager', organizationId: org.id })).id);
    const cookieA = await appA.cookieFor((await appA.createUser({ role: 'manager', organizationId: org.id })).id);
    expect(await until(() => appA.database.changes.up && appB.database.changes.up)).toBe(true);
    const listB = () => appB.call({ url: '/api/customers', cookie: cookieB });
    // The users and sessions A just wrote are announced to B a moment later and empty B's cache then, so a repeated
    // call is a hit once those notices have arrived, not necessarily on the second call.
    const servesHit = () => until(async () => (await listB()).headers['x-cache'] === 'hit', 2000);
    expect(await servesHit()).toBe(true);

    const created = await appA.call({ method: 'POST', url: '/api/customers', cookie: cookieA, payload: { name: 'Made on A' } });
    expect(created.statusCode).toBe(201);
    const heard = Date.now();
    expect(await until(async () => (await listB()).body.includes('Made on A'), 2000)).toBe(true);
    console.log(`instance B showed A's write after ${Date.now() - heard} ms`);

    // B's listening connection is cut: B stops answering from memory until it is back.
    await appA.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %' and pid <> pg_backend_pid()`,
    );
    expect(await until(() => !appB.database.changes.up, 2000)).toBe(true);
    expect((await listB()).headers['x-cache']).toBeUndefined();
    expect((await listB()).headers['x-cache']).toBeUndefined();
    expect(await until(() => appA.database.changes.up && appB.database.changes.up, 5000)).toBe(true);
    expect(await servesHit()).toBe(true);
  });
});
