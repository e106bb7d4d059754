import { count, eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../client';
import { isMigrated, migrateThen } from '../migrate';
import { organizations, users } from '../schema/index';
import { DEMO_ACCOUNTS, seedDemo } from './seed-demo';

// Two instances started together on an empty PostgreSQL with SEED_DEMO on (main.ts): both must start, and the demo
// data must exist once. Only on PostgreSQL: PGlite's files are opened by one process at a time.
describe.runIf(Boolean(inject('pgTemplate')))('demo seed with two instances starting together', () => {
  it('migrates and seeds a fresh database once; both runs succeed', { timeout: 120_000 }, async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    // Named like the per-file databases, so a crashed run's leftover is dropped with them (global-setup.ts).
    const name = `tb_fresh${process.pid}_${inject('pgTemplate').replace(/^tb_tmpl_/, '')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${name}`;
    const instances: Database[] = [];
    try {
      // One of them with a single pooled connection (DATABASE_POOL_SIZE=1): the lock must not hold it.
      for (const poolSize of [4, 1]) instances.push(await openDatabase({ databaseUrl: url.toString(), poolSize }));
      const start = (db: Database) => migrateThen(db, () => seedDemo(db.db));
      const results = await Promise.all(instances.map(start));

      // One seeded, the other found the data; neither failed.
      expect([...results].sort()).toEqual([false, true]);
      const db = instances[0].db;
      expect(await isMigrated(instances[0])).toBe(true);
      expect(await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, 'demo'))).toHaveLength(1);
      for (const email of Object.values(DEMO_ACCOUNTS)) {
        expect(await db.select({ id: users.id }).from(users).where(eq(users.email, email)), email).toHaveLength(1);
      }
      expect(await db.select({ n: count() }).from(organizations)).toEqual([{ n: 2 }]);
    } finally {
      for (const d of instances) await d.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
