// npm run backup [-- FILE]   Writes a consistent copy of every table (DATABASE_URL or DATA_DIR, like the app).
// With PGlite (DATA_DIR) stop the app first: the embedded database is opened by one process at a time.
// Payment processor and webhook secrets stay encrypted in the file; the output says which APP_SECRET (key id) they need.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { writeBackup } from '../src/server/db/backup/write-backup';
import { APP_SECRET_FILE } from '../src/server/platform/app-secret';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(process.argv[2] ?? path.join('backups', `tradebook-${stamp}.jsonl.gz`));
fs.mkdirSync(path.dirname(file), { recursive: true });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
const started = performance.now();
try {
  const { counts, credentials } = await writeBackup(database, file);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  const size = fs.statSync(file).size;
  console.log(`Backed up ${rows} rows in ${Object.keys(counts).length} tables to ${file} (${(size / 1024 / 1024).toFixed(1)} MB, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (credentials.encrypted > 0) {
    const where = config.APP_SECRET ? 'APP_SECRET' : `APP_SECRET (here the embedded default, ${path.join(config.dataDir, APP_SECRET_FILE)})`;
    console.log(
      `The file holds ${credentials.encrypted} encrypted credentials (payment processor secrets${credentials.webhookSecrets ? ' and webhook signing secrets' : ''}, AES-256-GCM). Restoring them needs the ` +
        `${where} with key id ${credentials.keyIds.join(' or ')}: keep that secret safe, and apart from this file.`,
    );
  }
} catch (e) {
  fs.rmSync(file, { force: true });
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
