// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { QueryMetrics, timePglite, timePgPool } from './query-metrics';
import { CHANGE_CHANNEL, ConnectionWatch, DataChangeFeed, classifyStatement, type StatementKind } from './data-changes';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * The planner's cost of evaluating one operator, for every connection. Searches are ILIKE over text, and under a
 * UTF-8 collation each ILIKE lower-cases the row's text: far more work than the default estimate (0.0025), so
 * the planner read all of an organization's rows rather than the trigram indexes (customers search count: 17 ms
 * sequential vs 2 ms with customers_search_trgm on PostgreSQL). Set per connection, so a search needs no
 * transaction of its own to carry it.
 */
export const CPU_OPERATOR_COST = 0.25;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw SQL statement (used by migrations and health checks). */
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  close: () => Promise<void>;
  /** Writes made through this handle (and, on PostgreSQL, by other instances on the same database): caches follow it. */
  changes: DataChangeFeed;
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
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000, options: `-c cpu_operator_cost=${CPU_OPERATOR_COST}` });
  const queryMetrics = timePgPool(pool);
  // A dropped connection must not crash the process; the next query reconnects. The pool's own 'error' covers only
  // idle connections: one checked out (in a transaction, or holding an advisory lock) emits on its client, and an
  // unhandled 'error' event would kill the process when the server restarts. Its query fails instead (503), and
  // the pool discards a connection that is no longer queryable when it is released.
  pool.on('error', () => {});
  const changes = new DataChangeFeed();
  const announce = () => {
    changes.emit('committed');
    // Other instances hear it once it is sent; a failure only means they wait for their caches' TTL.
    pool.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, changes.instanceId]).catch(() => {});
  };
  pool.on('connect', (client) => {
    client.on('error', () => {});
    watchPgClient(client as unknown as PgQueryable, new ConnectionWatch(changes, announce));
  });
  const listener = listenForChanges(pg, url, changes);
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    queryMetrics,
    changes,
    query: async (text, params) => {
      const r = await pool.query(text, params as unknown[]);
      return { rows: r.rows };
    },
    close: async () => {
      listener.stop();
      await pool.end();
    },
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
  });
  await client.exec(`SET cpu_operator_cost = ${CPU_OPERATOR_COST}`);
  const changes = new DataChangeFeed();
  const queryMetrics = new QueryMetrics();
  const watched = watchPglite(timePglite(client as unknown as QueryClient, queryMetrics), changes);
  const db = drizzle({ client: watched as unknown as typeof client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryMetrics,
    changes,
    query: async (text, params) => {
      const r = (await watched.query(text, params as unknown[])) as { rows: Record<string, unknown>[] };
      return { rows: r.rows };
    },
    close: () => client.close(),
    // PGlite is one connection in one process: nothing else can run concurrently.
    withAdvisoryLock: (_key, fn) => fn(),
  };
}

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

/** Reports a statement to the change feed around its run (the 'after' step runs whether it succeeded or not). */
async function around<T>(kind: StatementKind, before: (k: StatementKind) => void, after: (k: StatementKind) => void, run: () => Promise<T>): Promise<T> {
  before(kind);
  try {
    return await run();
  } finally {
    after(kind);
  }
}

/**
 * The PGlite client as drizzle sees it: without drizzle's per-query parser table, and reporting writes. PGlite is one
 * connection: a statement outside a transaction is committed when it returns, one inside at the transaction's end.
 */
function watchPglite(client: QueryClient, changes: DataChangeFeed, inTransaction?: { wrote: boolean }): QueryClient {
  const before = (k: StatementKind) => {
    if (k !== 'write') return;
    if (inTransaction) inTransaction.wrote = true;
    changes.emit('starting');
  };
  const after = (k: StatementKind) => {
    if (k === 'write' && !inTransaction) changes.emit('committed');
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (sql: string, params?: unknown[], options?: { parsers?: unknown }) =>
          around(classifyStatement(sql), before, after, () => target.query(sql, params, options?.parsers ? { ...options, parsers: undefined } : options));
      }
      if (prop === 'exec') return (sql: string) => around('write', before, after, () => target.exec(sql));
      if (prop === 'transaction') {
        return async <T>(fn: (tx: QueryClient) => Promise<T>) => {
          const state = { wrote: false };
          const result = await target.transaction((tx) => fn(watchPglite(tx, changes, state)));
          // Rolled back: nothing changed (and reads overlapping it were already dropped at its first write).
          if (state.wrote) changes.emit('committed');
          return result;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

interface PgQueryable {
  query: (...args: unknown[]) => unknown;
}

/** Reports each statement of one pg connection (promise or callback style, as pg.Pool calls it) to its watch. */
function watchPgClient(client: PgQueryable, watch: ConnectionWatch) {
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const config = args[0] as string | { text?: string; submit?: unknown } | undefined;
    // Cursors and streams (submittables) are not used for writes here; pass them through untouched.
    if (config && typeof config === 'object' && typeof config.submit === 'function') return original(...args);
    const kind = classifyStatement(typeof config === 'string' ? config : config?.text);
    watch.before(kind);
    const cbIndex = args.findIndex((a, i) => i > 0 && typeof a === 'function');
    if (cbIndex > 0) {
      const cb = args[cbIndex] as (err: unknown, res: unknown) => void;
      args[cbIndex] = (err: unknown, res: unknown) => {
        watch.after(kind);
        cb(err, res);
      };
      return original(...args);
    }
    const result = original(...args) as Promise<unknown>;
    return result.then(
      (r) => {
        watch.after(kind);
        return r;
      },
      (e: unknown) => {
        watch.after(kind);
        throw e;
      },
    );
  };
}

/**
 * LISTENs on its own connection for other instances' writes. While it is down (at start, or the server restarted)
 * the feed is marked down, so caches are bypassed; it reconnects every second and clears caches when back.
 */
function listenForChanges(pg: typeof import('pg').default, url: string, changes: DataChangeFeed) {
  let stopped = false;
  let current: import('pg').Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  changes.up = false;
  const down = () => {
    if (current) current.removeAllListeners('notification');
    current = undefined;
    changes.up = false;
    changes.emit('committed');
    if (!stopped && !retry) retry = setTimeout(connect, 1000).unref();
  };
  const connect = async () => {
    retry = undefined;
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    client.on('error', () => {});
    client.on('end', () => {
      if (current === client) down();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch {
      client.end().catch(() => {});
      if (!stopped && !retry) retry = setTimeout(connect, 1000).unref();
      return;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    client.on('notification', (msg) => {
      if (msg.payload !== changes.instanceId) changes.emit('committed');
    });
    current = client;
    // Writes made while nobody was listening were missed: start from empty caches.
    changes.emit('committed');
    changes.up = true;
  };
  void connect();
  return {
    stop: () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = current;
      current = undefined;
      changes.up = false;
      c?.end().catch(() => {});
    },
  };
}
