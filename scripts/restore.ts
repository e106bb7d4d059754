// npm run restore -- FILE [--replace]   Puts a backup into the database (DATABASE_URL or DATA_DIR, like the app).
// The database is migrated first; the backup must come from the same schema version. Without --replace a
// database that already holds data is left alone. Stop the app while restoring (its caches would be stale).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { restoreBackup } from '../src/server/db/backup/restore-backup';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- FILE [--replace]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
const started = performance.now();
try {
  await runMigrations(database);
  const counts = await restoreBackup(database, file, { replace: args.includes('--replace') });
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows in ${Object.keys(counts).length} tables from ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
