// npm run create-super-user -- someone@example.com   (uses DATABASE_URL or DATA_DIR like the app)
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { createSuperUser } from '../src/server/db/seed/create-super-user';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run create-super-user -- EMAIL');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await runMigrations(database);
  const result = await createSuperUser(database.db, email);
  console.log(`${email.trim().toLowerCase()} ${result === 'created' ? 'created as' : 'is now'} a super user. Sign in at ${config.appUrl}/login`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await database.close();
}
