// Applies the committed drizzle-kit migrations; the same files for PGlite and PostgreSQL.
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' };
  // Two app instances starting together on one PostgreSQL must not both migrate.
  if (database.kind === 'postgres') {
    await database.withAdvisoryLock(727274, () => migratePg(database.db as never, config));
    return;
  }
  await migratePglite(database.db as never, config);
}

/** True when the database holds every committed migration (health check). */
let expectedCount: number | undefined;

export async function isMigrated(database: Database): Promise<boolean> {
  if (expectedCount === undefined) {
    const { readMigrationFiles } = await import('drizzle-orm/migrator');
    expectedCount = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;
  }
  const expected = expectedCount;
  try {
    const r = await database.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    return Number(r.rows[0]?.n ?? 0) >= expected;
  } catch {
    return false;
  }
}
