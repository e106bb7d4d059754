// Time spent in the database per statement, and the pool's occupancy, for the metrics endpoint
// (docs/observability.md). The database handle is opened before any app is built and outlives it, so it only keeps
// a list of listeners: each app's metrics (platform/metrics.ts) subscribe while they live. On PGlite, one
// connection in this process, a statement's time includes its wait behind the statements before it.
import type { Pool } from 'pg';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export class QueryMetrics {
  private listeners: ((seconds: number) => void)[] = [];
  /** The pg pool's counts; absent on PGlite. */
  poolStats?: () => PoolStats;

  /** Calls fn with every statement's duration in seconds; returns the unsubscribe. */
  onQuery(fn: (seconds: number) => void): () => void {
    this.listeners = [...this.listeners, fn];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== fn);
    };
  }

  /** Reports a statement begun at `started` (performance.now()); nothing to do while nobody listens. */
  done(started: number): void {
    const { listeners } = this;
    if (listeners.length === 0) return;
    const seconds = (performance.now() - started) / 1000;
    for (const l of listeners) l(seconds);
  }
}

interface Queryable {
  query: (...args: unknown[]) => unknown;
}

/** Times every statement of the pool's connections (promise or callback style, as pg.Pool itself calls them). */
export function timePgPool(pool: Pool): QueryMetrics {
  const metrics = new QueryMetrics();
  metrics.poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  pool.on('connect', (client) => {
    const conn = client as unknown as Queryable;
    const original = conn.query.bind(conn);
    conn.query = (...args: unknown[]) => {
      const config = args[0] as { submit?: unknown } | undefined;
      // Cursors and streams (submittables) end on their own schedule: not timed.
      if (config && typeof config === 'object' && typeof config.submit === 'function') return original(...args);
      const started = performance.now();
      const cbIndex = args.findIndex((a, i) => i > 0 && typeof a === 'function');
      if (cbIndex > 0) {
        const cb = args[cbIndex] as (err: unknown, res: unknown) => void;
        args[cbIndex] = (err: unknown, res: unknown) => {
          metrics.done(started);
          cb(err, res);
        };
        return original(...args);
      }
      const end = () => metrics.done(started);
      const result = original(...args) as Promise<unknown>;
      result.then(end, end);
      return result;
    };
  });
  return metrics;
}

interface PgliteLike {
  query: (...args: unknown[]) => Promise<unknown>;
  exec: (...args: unknown[]) => Promise<unknown>;
  transaction: <T>(fn: (tx: PgliteLike) => Promise<T>) => Promise<T>;
}

/** The PGlite client with every statement timed (inside transactions too). */
export function timePglite<C>(client: C, metrics: QueryMetrics): C {
  const wrap = (target: PgliteLike): PgliteLike =>
    new Proxy(target, {
      get(t, prop, receiver) {
        if (prop === 'query' || prop === 'exec') {
          return async (...args: unknown[]) => {
            const started = performance.now();
            try {
              return await t[prop](...args);
            } finally {
              metrics.done(started);
            }
          };
        }
        if (prop === 'transaction') return <T>(fn: (tx: PgliteLike) => Promise<T>) => t.transaction((tx) => fn(wrap(tx)));
        const value = Reflect.get(t, prop, receiver);
        return typeof value === 'function' ? value.bind(t) : value;
      },
    });
  return wrap(client as unknown as PgliteLike) as unknown as C;
}
