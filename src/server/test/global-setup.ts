// Once per test run: a migrated template database that every test file copies (much faster than migrating each time).
// PGlite: a data-directory dump in a temp file. PostgreSQL (DATABASE_URL): a template database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const runId = `${Date.now().toString(36)}_${process.pid}`;
    const template = `tb_tmpl_${runId}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await runMigrations(database);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgAdminUrl', adminUrl);
    project.provide('pgliteTemplate', '');
    return async () => {
      // Drop the template and any per-file database a crashed worker left behind.
      const r = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`tb_%${runId}%`]);
      for (const row of r.rows as { datname: string }[]) {
        if (row.datname !== template) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      }
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(database);
  const client = (database.db as unknown as { $client: { dumpDataDir: (c?: 'none' | 'gzip' | 'auto') => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  project.provide('pgAdminUrl', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
