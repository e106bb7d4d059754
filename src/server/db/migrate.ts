// Applies the committed drizzle-kit migrations; the same files for PGlite and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The package's drizzle/ folder, found from this file whether it runs from src/ or from the dist/ bundle. */
function findMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'drizzle'))) return path.join(dir, 'drizzle');
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('drizzle/ migrations folder not found');
    dir = parent;
  }
}

export const MIGRATIONS_DIR = findMigrationsDir();

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
