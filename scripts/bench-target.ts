// Where a benchmark keeps its data: PGlite in a temp directory, or a throwaway database on the PostgreSQL
// server at DATABASE_URL (created here, dropped by `drop`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';

export interface BenchTarget {
  database: Database;
  /** Set for PostgreSQL: the throwaway database's URL. */
  dbUrl?: string;
  /** Set for PGlite: the temp data directory. */
  dataDir?: string;
  /** Removes the data (the directory or the database). */
  drop: () => Promise<void>;
}

export async function openBenchTarget(): Promise<BenchTarget> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const { default: pg } = await import('pg');
    const name = `tb_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(baseUrl);
    u.pathname = `/${name}`;
    const dbUrl = u.toString();
    return {
      database: await openDatabase({ databaseUrl: dbUrl }),
      dbUrl,
      drop: async () => {
        const a = new pg.Client({ connectionString: baseUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-bench-'));
  return {
    database: await openDatabase({ dataDir }),
    dataDir,
    drop: async () => {
      if (process.env.BENCH_KEEP_DATA) console.log(`data kept in ${dataDir}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
