// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { QueryMetrics, timePglite, timePgPool } from './query-metrics';
import { nameRepeatedStatements } from './statement-names';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute(sql...)`: both drivers answer with `{ rows }`. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const r = await db.execute(query);
  return (r as unknown as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw SQL statement (used by migrations and health checks). */
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
  /** Runs fn while holding a PostgreSQL advisory lock on one dedicated connection (no-op lock on PGlite). */
  withAdvisoryLock: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
  /** Statement times and the pool's counts, for the metrics endpoint (db/query-metrics.ts). */
  queryMetrics?: QueryMetrics;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Directory for PGlite files; 'memory://' keeps it in memory. */
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests copy a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts.dataDir ?? 'memory://', opts.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // numeric and timestamps are parsed by drizzle per column; keep int8 (counts) as numbers.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  const queryMetrics = timePgPool(pool);
  nameRepeatedStatements(pool);
  // A dropped connection must not crash the process; the next query reconnects. The pool's own 'error' covers only
  // idle connections: one checked out (in a transaction, or holding an advisory lock) emits on its client, and an
  // unhandled 'error' event would kill the process when the server restarts. Its query fails instead (503), and
  // the pool discards a connection that is no longer queryable when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    queryMetrics,
    query: async (text, params) => {
      const r = await pool.query(text, params as unknown[]);
      return { rows: r.rows };
    },
    close: () => pool.end(),
    // A connection of its own, not the pool's: `fn` (migrations, the demo seed) queries through the pool, and with
    // DATABASE_POOL_SIZE=1 a lock holding the pool's only connection would wait for itself forever.
    withAdvisoryLock: async (key, fn) => {
      const conn = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      conn.on('error', () => {});
      await conn.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        await conn.end();
      }
    },
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: dataDir.startsWith('memory://') ? undefined : path.resolve(dataDir),
    loadDataDir,
    extensions: { btree_gist, pg_trgm },
    parsers: { 20: (v: string) => Number(v), ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, keepText])) },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const queryMetrics = new QueryMetrics();
  const watched = withoutPerQueryParsers(timePglite(client as unknown as QueryClient, queryMetrics));
  const db = drizzle({ client: watched as unknown as typeof client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryMetrics,
    query: async (text, params) => {
      const r = (await watched.query(text, params as unknown[])) as { rows: Record<string, unknown>[] };
      return { rows: r.rows };
    },
    close: () => client.close(),
    // PGlite is one connection in one process: nothing else can run concurrently.
    withAdvisoryLock: (_key, fn) => fn(),
  };
}

/**
 * PGlite's buffer cache lives in the app's own memory, which a WebAssembly instance never gives back once grown; the
 * files it caches are in the OS's page cache anyway. PostgreSQL's default (128MB) held the server at about 500 MB RSS
 * under bench:mixed on seed:large's data; 32MB held it at about 390 MB (16MB: no lower) with no loss of throughput
 * (docs/performance.md, "Session 8"). The WebAssembly module itself asks for at least 128MB at start.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

// drizzle reads instants, dates and intervals (and their arrays) as text and maps them itself, and asks PGlite for
// that with a `parsers` option on every query. PGlite then copies its whole parser table (one entry per type and
// array type in the database, several hundred) for each query, a quarter of a millisecond every time. The client
// is given those parsers once instead, and drizzle's per-query copy is dropped.
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const keepText = (v: string) => v;

interface QueryClient {
  query: (sql: string, params?: unknown[], options?: { parsers?: unknown }) => Promise<unknown>;
  exec: (sql: string) => Promise<unknown>;
  transaction: <T>(fn: (tx: QueryClient) => Promise<T>) => Promise<T>;
}

/** The PGlite client as drizzle sees it: drizzle's per-query parser table dropped, in and out of transactions. */
function withoutPerQueryParsers(client: QueryClient): QueryClient {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (sql: string, params?: unknown[], options?: { parsers?: unknown }) =>
          target.query(sql, params, options?.parsers ? { ...options, parsers: undefined } : options);
      }
      if (prop === 'transaction') {
        return <T>(fn: (tx: QueryClient) => Promise<T>) => target.transaction((tx) => fn(withoutPerQueryParsers(tx)));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
