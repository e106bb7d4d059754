// Runs a command with DATABASE_URL pointing at a PostgreSQL server (default: this machine's test database).
// Tests create their own databases on that server and drop them afterwards.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs COMMAND [ARGS...]');
  process.exit(2);
}
const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url }, shell: process.platform === 'win32' });
process.exit(r.status ?? 1);
