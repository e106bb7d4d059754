// npm run restore -- FILE [--replace] [--forget-credentials]   Puts a backup into the database (DATABASE_URL or
// DATA_DIR, like the app). Its encrypted payment processor secrets need the APP_SECRET they were saved with: with
// another one the restore is refused, unless --forget-credentials drops them (enter the keys again afterwards).
// The database is migrated first; the backup must come from the same schema version. Without --replace a
// database that already holds data is left alone. Stop the app while restoring (its caches would be stale).
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { restoreBackup } from '../src/server/db/backup/restore-backup';
import { resolveAppSecret } from '../src/server/platform/app-secret';
import { secretBoxFor } from '../src/server/platform/secret-box';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- FILE [--replace] [--forget-credentials]');
  process.exit(2);
}
// The key the restored credentials must open with: APP_SECRET, or the embedded default's key file.
const config = resolveAppSecret(loadConfig());
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
const started = performance.now();
try {
  await runMigrations(database);
  const counts = await restoreBackup(database, file, {
    replace: args.includes('--replace'),
    keyId: secretBoxFor(config).keyId,
    forgetCredentials: args.includes('--forget-credentials'),
  });
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows in ${Object.keys(counts).length} tables from ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
