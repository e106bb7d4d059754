// Prometheus metrics at GET /metrics (docs/observability.md): request latency per route pattern, database time and
// pool, job backlog, third-party failures, and Node's own process metrics. Off the public internet by
// default: only this machine, or with METRICS_TOKEN only a caller presenting it; anyone else gets the 404 of a path
// that does not exist.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { errorBody, type ProviderFailure } from './errors';
import { isFromThisMachine } from './this-machine';

export const METRICS_PATH = '/metrics';
/** The route label of a request no route matched (404s, and the web app's client-side paths): one series, whatever the URL. */
export const UNMATCHED_ROUTE = 'unmatched';

// Process-wide: Node's own metrics (one event-loop monitor per process, however many apps tests build). Each app's
// endpoint prints them beside its own registry.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface AppMetrics {
  registry: Registry;
  /** Called where a third party's failure is logged and answered 502/503 (platform/errors.ts). */
  providerFailed: (failure: ProviderFailure, status: number) => void;
}

const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * The app's registry, the per-request hook and the endpoint. The hook costs one histogram observation per request:
 * each (method, route, status class) series is looked up once and kept (docs/observability.md, "Cost").
 */
export function registerMetrics(app: FastifyInstance, deps: { database: Database; config: Pick<Config, 'METRICS_TOKEN'> }): AppMetrics {
  const registry = new Registry();
  const requestDuration = new Histogram<'method' | 'route' | 'status_class'>({
    name: 'tradebook_http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern (not the raw URL), method and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const series = new Map<string, { observe: (seconds: number) => void }[]>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const key = request.method + route;
    let byClass = series.get(key);
    if (!byClass) {
      byClass = STATUS_CLASSES.map((c) => requestDuration.labels(request.method, route, c));
      series.set(key, byClass);
    }
    byClass[Math.min(5, Math.floor(reply.statusCode / 100))].observe(reply.elapsedTime / 1000);
    done();
  });

  const providerFailures = new Counter<'provider' | 'kind'>({
    name: 'tradebook_provider_failures_total',
    help: 'Third-party failures answered 502 (refused) or 503 (unreachable), by provider',
    labelNames: ['provider', 'kind'],
    registers: [registry],
  });

  const queryMetrics = deps.database.queryMetrics;
  if (queryMetrics) {
    const queryDuration = new Histogram({
      name: 'tradebook_db_query_duration_seconds',
      help: 'Time of each database statement, from sending it to its result',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const observe = queryDuration.observe.bind(queryDuration);
    const stop = queryMetrics.onQuery((seconds) => observe(seconds));
    app.addHook('onClose', async () => stop());
  }
  const poolStats = queryMetrics?.poolStats;
  const poolGauges = poolStats
    ? (['total', 'idle', 'waiting'] as const).map(
        (what) =>
          [
            what,
            new Gauge({
              name: `tradebook_db_pool_${what}`,
              help: { total: 'PostgreSQL connections open in the pool', idle: 'Pool connections not in use', waiting: 'Queries waiting for a pool connection' }[what],
              registers: [registry],
            }),
          ] as const,
      )
    : [];

  const backlog = registerBacklog(registry, deps.database);

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, deps.config.METRICS_TOKEN)) return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
    if (poolStats) {
      const stats = poolStats();
      for (const [what, gauge] of poolGauges) gauge.set(stats[what]);
    }
    await backlog.refresh();
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });

  // Node's metrics start with the first app, not the first scrape, so the first scrape has a history.
  processMetrics();
  return {
    registry,
    providerFailed: (failure, status) => providerFailures.inc({ provider: failure.provider, kind: status === 503 ? 'unreachable' : 'refused' }),
  };
}

/** Loopback without a token; with METRICS_TOKEN, only `Authorization: Bearer <token>`, from anywhere. */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  // Without a token a proxy on this machine would make every caller look local; with one, the token decides alone.
  if (!token) return isFromThisMachine(request);
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

const REMINDER_CHANNELS = ['email', 'sms'];
const OUTBOX_CHANNELS = ['email', 'sms'];

/**
 * Background work waiting, counted when scraped (two indexed queries): reminders past their due time not yet sent
 * (jobs/appointment-reminders.ts), the age of the oldest, and deliveries the outbox recorded as failed in the last
 * day (mail and SMS are handed over as they are sent, so a failed row is what did not go out).
 */
function registerBacklog(registry: Registry, database: Database) {
  const remindersDue = new Gauge<'channel'>({
    name: 'tradebook_reminders_due',
    help: 'Appointment reminders past their due time and not yet sent, by channel',
    labelNames: ['channel'],
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'tradebook_reminders_oldest_due_seconds',
    help: 'How long the oldest unsent due reminder has been due (0 when none)',
    registers: [registry],
  });
  const outboxFailed = new Gauge<'channel'>({
    name: 'tradebook_outbox_failed_last_day',
    help: 'Mail and SMS deliveries the outbox recorded as failed in the last 24 hours, by channel',
    labelNames: ['channel'],
    registers: [registry],
  });
  const gauges = [remindersDue, oldestDue, outboxFailed];

  return {
    async refresh() {
      try {
        const [reminders, outbox] = await Promise.all([
          database.query(
            `SELECT reminder_type AS channel, count(*)::int AS due, extract(epoch FROM now() - min(due_at))::float8 AS oldest
               FROM appointment_reminders WHERE status = 'pending' AND due_at <= now() GROUP BY reminder_type`,
          ),
          database.query(`SELECT channel, count(*)::int AS failed FROM outbox WHERE status = 'failed' AND created_at > now() - interval '1 day' GROUP BY channel`),
        ]);
        for (const c of REMINDER_CHANNELS) remindersDue.set({ channel: c }, 0);
        let oldest = 0;
        for (const r of reminders.rows) {
          remindersDue.set({ channel: String(r.channel) }, Number(r.due));
          oldest = Math.max(oldest, Number(r.oldest));
        }
        oldestDue.set(oldest);
        for (const c of OUTBOX_CHANNELS) outboxFailed.set({ channel: c }, 0);
        for (const r of outbox.rows) outboxFailed.set({ channel: String(r.channel) }, Number(r.failed));
      } catch {
        // The database cannot answer: no figure rather than a stale one; the rest of the scrape still answers.
        for (const g of gauges) g.reset();
      }
    },
  };
}
