// A fresh database per test file, copied from the run's migrated template.
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

let counter = 0;

/** A fresh test database; on PostgreSQL also its URL, so a test can open a second handle (another app instance) on it. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const { default: pg } = await import('pg');
    const adminUrl = inject('pgAdminUrl');
    const name = `tb_f${process.pid}_${counter++}_${pgTemplate.replace(/^tb_tmpl_/, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    const close = database.close;
    return {
      ...database,
      url: url.toString(),
      close: async () => {
        await close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const blob = new Blob([fs.readFileSync(file)]);
  return openDatabase({ dataDir: 'memory://', loadDataDir: blob });
}
