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
  await migrateThen(database, async () => undefined);
}

/**
 * Migrates, then runs `next` (main.ts: the demo seed) before letting go of the migration lock. Two app instances
 * starting together on one PostgreSQL must not both migrate, nor both find the database empty and both seed it
 * (the second crashed on a duplicate key): under the lock the second waits, then finds the first one's data.
 * PGlite is one process's database, so it needs no lock.
 */
export async function migrateThen<T>(database: Database, next: () => Promise<T>): Promise<T> {
  const config = { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' };
  if (database.kind === 'postgres') {
    return database.withAdvisoryLock(727274, async () => {
      await migratePg(database.db as never, config);
      return next();
    });
  }
  await migratePglite(database.db as never, config);
  return next();
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
