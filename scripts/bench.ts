// Load benchmark of the signed-in list and search calls of every area, the dashboard, the aging report, a PDF,
// the public booking page's calls and a booking POST, against the real app on a large data set.
//   npm run bench [-- --duration 5 --connections 20 --only customers --customers 10000 ...seed:large sizes]
// PGlite in a temp directory, or PostgreSQL when DATABASE_URL is set (a throwaway database is created there and
// dropped). In the same run, each list call is also measured against a bare Fastify route serving the same JSON
// from memory, and its main SQL through the driver alone, so the app's overhead reads as a ratio.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { load as loadWith, type Figures, type Timing } from './bench-load';
import type { Database } from '../src/server/db/client';
import { openBenchTarget } from './bench-target';
import { runMigrations } from '../src/server/db/migrate';
import { DEFAULT_LARGE_SIZES, seedLarge, type LargeSizes } from '../src/server/db/seed/seed-large';
import { createLoginSession } from '../src/server/platform/sessions';
import { startSmtpSink } from '../src/server/test/smtp-sink';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const num = (name: string, def: number) => (flag(name) === undefined ? def : Number(flag(name)));
const DURATION = num('duration', 5);
const CONNECTIONS = num('connections', 20);
const BOOKINGS = num('bookings', 400);
/** Seconds to leave the app after start before measuring: its startup jobs (overdue invoices at 2 s) write then. */
const SETTLE = num('settle', 10);
const ONLY = flag('only');
/**
 * Sent on every call as a browser sends it (Chromium's value by default), so the answers are measured compressed
 * as the screens receive them; `--encoding identity` measures them uncompressed.
 */
const ACCEPT_ENCODING = flag('encoding') ?? 'gzip, deflate, br, zstd';
/** One run per call: the app keeps no response cache (docs/decisions/022-speed-without-a-cache.md), every call reads the database. */
const CACHE_MODES = ['on'] as const;
const sizes: LargeSizes = {
  orgs: num('orgs', DEFAULT_LARGE_SIZES.orgs),
  customers: num('customers', DEFAULT_LARGE_SIZES.customers),
  workOrders: num('work-orders', DEFAULT_LARGE_SIZES.workOrders),
  invoices: num('invoices', DEFAULT_LARGE_SIZES.invoices),
  lineItems: num('line-items', DEFAULT_LARGE_SIZES.lineItems),
  payments: num('payments', DEFAULT_LARGE_SIZES.payments),
  appointments: num('appointments', DEFAULT_LARGE_SIZES.appointments),
  estimates: num('estimates', DEFAULT_LARGE_SIZES.estimates),
  timeEntries: num('time-entries', DEFAULT_LARGE_SIZES.timeEntries),
  messages: num('messages', DEFAULT_LARGE_SIZES.messages),
  vendors: num('vendors', DEFAULT_LARGE_SIZES.vendors),
  inventory: num('inventory', DEFAULT_LARGE_SIZES.inventory),
  shortUrls: num('short-urls', DEFAULT_LARGE_SIZES.shortUrls),
  paymentLinks: num('payment-links', DEFAULT_LARGE_SIZES.paymentLinks),
};
const P99_TARGET_MS = 50;
const BARE_SHARE_TARGET = 0.5;

// ---------------------------------------------------------------------------------------------------------------
// The data

let dbUrl: string | undefined;
let dataDir: string | undefined;
let dropTarget: (() => Promise<void>) | undefined;

async function openTarget(): Promise<Database> {
  const target = await openBenchTarget();
  dbUrl = target.dbUrl;
  dataDir = target.dataDir;
  dropTarget = target.drop;
  return target.database;
}

interface Fixture {
  orgId: number;
  cookie: string;
  invoiceId: number;
  bookingSlug: string;
  bookingServiceId: number;
}

async function prepare(database: Database): Promise<Fixture> {
  const t0 = performance.now();
  const result = await seedLarge(database, sizes);
  const q = database.query;
  // A booking organization open around the clock every day for a year, so each booking POST gets a free slot.
  const [{ id: bookingOrg }] = (await q(`INSERT INTO organizations (name, slug, industry) VALUES ('Bench Bookings', 'bench-bookings', 'Home Services') RETURNING id`)).rows as { id: number }[];
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  await q(
    `INSERT INTO schedule_settings (organization_id, schedule_token, time_zone, advance_booking_days, ${days.map((d) => `${d}_enabled, ${d}_start, ${d}_end`).join(', ')})
     VALUES ($1, 'bench-bookings-token', 'UTC', 365, ${days.map(() => `true, '00:00', '23:59'`).join(', ')})`,
    [bookingOrg],
  );
  const [{ id: bookingServiceId }] = (await q(`INSERT INTO services (organization_id, name, duration, price) VALUES ($1, 'Quick visit', 30, 40) RETURNING id`, [bookingOrg])).rows as { id: number }[];
  const [{ id: userId }] = (await q(`SELECT id FROM users WHERE email = $1`, [result.adminEmail])).rows as { id: number }[];
  const session = await createLoginSession(database.db, userId, { ip: '127.0.0.1', userAgent: 'bench' });
  const [{ id: invoiceId }] = (await q(`SELECT id FROM invoices WHERE organization_id = $1 ORDER BY id LIMIT 1`, [result.bigOrganizationId])).rows as { id: number }[];
  await q('ANALYZE');
  const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
  console.log(`data: ${rows.toLocaleString('en-US')} rows (${JSON.stringify(result.counts)}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { orgId: result.bigOrganizationId, cookie: `sid=${session.token}`, invoiceId, bookingSlug: 'bench-bookings', bookingServiceId };
}

// ---------------------------------------------------------------------------------------------------------------
// The calls

interface Call {
  name: string;
  url: string;
  /** A list call: also measured against the bare route and its SQL alone. */
  list?: { sql: string };
  cookie?: boolean;
  connections?: number;
}

function calls(f: Fixture): Call[] {
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const from = new Date().toISOString().slice(0, 10);
  // The page query alone, without the total the app counts beside it.
  const page = (table: string, order: string) => ({ sql: `SELECT t.* FROM ${table} t WHERE t.organization_id = $1 ORDER BY ${order} LIMIT 50` });
  return [
    { name: 'customers, first page', url: '/api/customers', list: page('customers', 't.name, t.id'), cookie: true },
    { name: 'customers, search "garcia"', url: '/api/customers?q=garcia', cookie: true },
    { name: 'work orders, first page', url: '/api/work-orders', list: page('work_orders', 't.created_at DESC, t.id DESC'), cookie: true },
    { name: 'work orders, search "install"', url: '/api/work-orders?q=install', cookie: true },
    { name: 'estimates, first page', url: '/api/estimates', list: page('estimates', 't.created_at DESC, t.id DESC'), cookie: true },
    { name: 'invoices, first page', url: '/api/invoices', list: page('invoices', 't.created_at DESC, t.id DESC'), cookie: true },
    { name: 'invoices, search "INV-0421"', url: '/api/invoices?q=INV-0421', cookie: true },
    { name: 'invoices, search customer "nguyen"', url: '/api/invoices?q=nguyen', cookie: true },
    { name: 'payments, first page', url: '/api/payments', list: page('payments', 't.received_date DESC, t.id DESC'), cookie: true },
    { name: 'payments, search "garcia"', url: '/api/payments?q=garcia', cookie: true },
    { name: 'vendors', url: '/api/vendors', list: page('vendors', 't.name, t.id'), cookie: true },
    { name: 'inventory', url: '/api/inventory', list: page('inventory_items', 't.name, t.id'), cookie: true },
    { name: 'time entries', url: '/api/time-entries', list: page('time_entries', 't.start_time DESC, t.id DESC'), cookie: true },
    { name: 'messages', url: '/api/messages', list: page('messages', 't.created_at DESC, t.id DESC'), cookie: true },
    { name: 'appointments, a week', url: `/api/appointments?from=${from}&to=${day}`, cookie: true },
    { name: 'short URLs', url: '/api/short-urls', list: page('short_urls', 't.created_at DESC, t.id DESC'), cookie: true },
    { name: 'payment links', url: '/api/payment-links', list: page('payment_links', 't.created_at DESC, t.id DESC'), cookie: true },
    { name: 'users', url: '/api/users', cookie: true },
    { name: 'dashboard stats', url: '/api/dashboard/stats', cookie: true },
    { name: 'aging report', url: '/api/reports/aging', cookie: true },
    { name: 'reports summary, all time', url: '/api/reports/summary', cookie: true },
    { name: 'global search "garc"', url: '/api/search?q=garc', cookie: true },
    { name: 'public: schedule page', url: `/api/public/schedule-by-slug/${f.bookingSlug}` },
    { name: 'public: services', url: `/api/public/services-by-slug/${f.bookingSlug}` },
    { name: 'public: slots of a day', url: `/api/public/slots-by-slug/${f.bookingSlug}?date=${day}&serviceId=${f.bookingServiceId}` },
    { name: 'public: taken times of a day', url: `/api/public/appointments-by-slug/${f.bookingSlug}?date=${day}` },
    { name: 'invoice PDF (1 connection)', url: `/api/invoices/${f.invoiceId}/pdf`, cookie: true, connections: 1 },
  ].filter((c) => !ONLY || c.name.includes(ONLY));
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

async function load(url: string, cookie: string | undefined, connections: number, duration: number): Promise<Figures> {
  const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING };
  if (cookie) headers.cookie = cookie;
  return loadWith(url, headers, connections, duration);
}

/** Rounds of one call as one figure: throughput and p50 averaged, the worst p99 kept. */
function combine(runs: Figures[]): Figures {
  const mean = (f: (r: Figures) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length;
  return {
    rps: mean((r) => r.rps),
    p50: Math.round(mean((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    bytes: mean((r) => r.bytes),
    client: runs[0].client,
    clientCpu: Math.round(mean((r) => r.clientCpu)),
  };
}

/** The list call's SQL through the driver alone, `connections` at a time, for `duration` seconds. */
async function rawSql(database: Database, sql: string, orgId: number): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await database.query(sql, [orgId]);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return { rps: latencies.length / DURATION, p50: at(0.5), p99: at(0.99), errors };
}

async function startChild(cmd: string[], env: NodeJS.ProcessEnv, ready: () => Promise<boolean>): Promise<ChildProcess> {
  const nodeArgs = cmd[0] === 'app' ? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...cmd.slice(1)], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`${cmd[1]} exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${cmd[1]} did not start`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const freePort = () => 4100 + Math.floor(Math.random() * 800);
// The app runs as in production, which needs a mail transport: booking confirmations go to a local SMTP sink.
const mailSink = await startSmtpSink();
mailSink.unref();

// ---------------------------------------------------------------------------------------------------------------

const database = await openTarget();
let app: ChildProcess | undefined;
let bare: ChildProcess | undefined;
const rows: { call: Call; app: Figures; uncached?: Figures; bare?: Figures; sql?: Timing }[] = [];
const bodySizes = new Map<string, number>();
let bookingFigures: (Timing & { created: number; conflicts: number }) | undefined;
try {
  await runMigrations(database);
  const fixture = await prepare(database);
  const list = calls(fixture);

  // The driver alone first: PGlite's directory is opened by one process at a time.
  const sqlFigures = new Map<string, Timing>();
  for (const c of list.filter((x) => x.list)) {
    await rawSql(database, c.list!.sql, fixture.orgId);
    sqlFigures.set(c.name, await rawSql(database, c.list!.sql, fixture.orgId));
  }
  await database.close();

  const appPort = freePort();
  const appBase = `http://127.0.0.1:${appPort}`;
  const startApp = async (_mode: 'on' | 'off') => {
    const env: NodeJS.ProcessEnv = { PORT: String(appPort), SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', SMTP_URL: mailSink.url, APP_URL: appBase };
    if (dbUrl) env.DATABASE_URL = dbUrl;
    else env.DATA_DIR = dataDir;
    if (!dbUrl) env.DATABASE_URL = '';
    // Every booking POST comes from 127.0.0.1, far past one client's hourly limit (docs/public-endpoints.md).
    env.PUBLIC_LIMIT_SCALE = '1000';
    // Production needs a key for credentials at rest (platform/app-secret.ts).
    env.APP_SECRET = 'tradebook-bench-app-secret-0123456789abcdef';
    const child = await startChild(['app', 'src/server/main.ts'], env, async () => (await fetch(`${appBase}/api/health`)).ok);
    await new Promise((r) => setTimeout(r, SETTLE * 1000));
    return child;
  };

  const measure = async (c: Call) => {
    const connections = c.connections ?? CONNECTIONS;
    const cookie = c.cookie ? fixture.cookie : undefined;
    await load(appBase + c.url, cookie, Math.min(2, connections), 1); // warm up
    return load(appBase + c.url, cookie, connections, DURATION);
  };
  if (CACHE_MODES.includes('off' as never)) {
    app = await startApp('off');
    for (const c of list) rows.push({ call: c, app: await measure(c), sql: sqlFigures.get(c.name) });
    for (const r of rows) r.uncached = r.app;
    await stop(app);
  }
  app = await startApp(CACHE_MODES[0]);
  // The bare route runs beside the app and each call alternates between the two in rounds, so a change in the
  // machine's pace during the run (PostgreSQL's autovacuum after seeding, a neighbour) moves both alike.
  const barePort = freePort() + 900;
  const bareBase = `http://127.0.0.1:${barePort}`;
  bare = await startChild(['bare', 'scripts/bench-bare-server.ts', String(barePort), ACCEPT_ENCODING], {}, async () => (await fetch(`${bareBase}/__ready`)).status === 404);
  for (const c of list) {
    const body = Buffer.from(await (await fetch(appBase + c.url, { headers: c.cookie ? { cookie: fixture.cookie } : {} })).arrayBuffer());
    bodySizes.set(c.name, body.length);
    // Every JSON call gets a bare-route figure; the 50 % target applies to the list calls.
    const withBare = !c.url.endsWith('/pdf');
    if (withBare) {
      const put = await fetch(`${bareBase}/__body?url=${encodeURIComponent(c.url)}`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body });
      if (!put.ok) throw new Error(`bare route refused ${c.url}: ${put.status}`);
      await load(bareBase + c.url, undefined, 2, 1);
    }
    const row = rows.find((r) => r.call === c) ?? { call: c, app: undefined as unknown as Figures, sql: sqlFigures.get(c.name) };
    if (!rows.includes(row)) rows.push(row);
    const appRuns: Figures[] = [];
    const bareRuns: Figures[] = [];
    const connections = c.connections ?? CONNECTIONS;
    const cookie = c.cookie ? fixture.cookie : undefined;
    if (CACHE_MODES[0] === 'on') await load(appBase + c.url, cookie, Math.min(2, connections), 1); // warm up
    const rounds = withBare && CACHE_MODES[0] === 'on' ? 2 : 1;
    for (let i = 0; i < rounds; i++) {
      if (CACHE_MODES[0] === 'on') appRuns.push(await load(appBase + c.url, cookie, connections, DURATION / rounds));
      if (withBare) bareRuns.push(await load(bareBase + c.url, undefined, CONNECTIONS, DURATION / rounds));
    }
    if (appRuns.length) row.app = combine(appRuns);
    if (bareRuns.length) row.bare = combine(bareRuns);
  }
  await stop(bare);
  bare = undefined;

  if (!ONLY || 'booking POST'.includes(ONLY)) {
    // Every request books the next free 30-minute slot, from tomorrow on.
    let n = 0;
    const start = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1);
    const r = await autocannon({
      url: `${appBase}/api/public/schedule-by-slug/${fixture.bookingSlug}/book`,
      connections: CONNECTIONS,
      amount: BOOKINGS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            // 47 slots a day: one starting at 23:30 would end past the day's 23:59 close and be refused.
            const at = new Date(start + Math.floor(n / 47) * 86_400_000 + (n % 47) * 30 * 60_000).toISOString().slice(0, 19);
            const body = JSON.stringify({ serviceId: fixture.bookingServiceId, customerName: `Bench Visitor ${n}`, customerEmail: `visitor${n}@bench.example`, appointmentDate: at });
            n++;
            return { ...req, headers: { 'content-type': 'application/json', origin: appBase }, body };
          },
        },
      ],
    });
    bookingFigures = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors, created: r['2xx'], conflicts: r.non2xx };
  }
  await stop(app);
  app = undefined;

} finally {
  await stop(app);
  await stop(bare);
  await dropTarget?.();
}

const cpu = os.cpus();
console.log(`\n${dbUrl ? 'PostgreSQL' : 'PGlite'}; ${CONNECTIONS} connections, ${DURATION} s per call; ${cpu.length} cores (${cpu[0]?.model ?? 'unknown CPU'}), load generator on the same machine`);
console.log(`Accept-Encoding: ${ACCEPT_ENCODING}`);
type Row = (typeof rows)[number];
const cached = CACHE_MODES[0] === 'on';
const shareOf = (r: Row) => (r.bare ? r.app.rps / r.bare.rps : undefined);
const okP99 = (r: Row) => r.call.connections === 1 || r.app.p99 <= P99_TARGET_MS;
const columns: [string, (r: Row) => string][] = [
  ['call', (r) => r.call.name],
  ['KB', (r) => ((bodySizes.get(r.call.name) ?? 0) / 1024).toFixed(1)],
  ['KB sent', (r) => (r.app.bytes / 1024).toFixed(1)],
  ['req/s', (r) => r.app.rps.toFixed(0)],
  ['p50 ms', (r) => String(r.app.p50)],
  ['p99 ms', (r) => String(r.app.p99)],
  ['non-2xx', (r) => String(r.app.errors)],
  ['client (CPU %)', (r) => `${r.app.client} (${r.app.clientCpu})`],
  ['bare route req/s, p99 ms', (r) => (r.bare ? `${r.bare.rps.toFixed(0)}, ${r.bare.p99}` : '')],
  ['app / bare', (r) => (shareOf(r) === undefined ? '' : `${(shareOf(r)! * 100).toFixed(0)}%`)],
  ['uncached req/s', (r) => (r.uncached && cached ? r.uncached.rps.toFixed(0) : '')],
  ['uncached p50 / p99 ms', (r) => (r.uncached && cached ? `${r.uncached.p50} / ${r.uncached.p99}` : '')],
  ['SQL alone p50 / p99 ms', (r) => (r.sql ? `${r.sql.p50} / ${r.sql.p99}` : '')],
  ['p99 ≤ 50 ms', (r) => (r.call.connections === 1 ? 'n/a' : okP99(r) ? 'yes' : 'no')],
];
console.log(`| ${columns.map(([h]) => h).join(' | ')} |`);
console.log(`|${columns.map(([h], i) => (i === 0 ? '---' : h.startsWith('p99 ≤') ? ':-:' : '---:')).join('|')}|`);
const misses: string[] = [];
for (const r of rows) {
  const share = shareOf(r);
  if (!okP99(r)) misses.push(`${r.call.name}: p99 ${r.app.p99} ms`);
  if (r.call.list && share !== undefined && share < BARE_SHARE_TARGET) misses.push(`${r.call.name}: ${(share * 100).toFixed(0)}% of the bare route`);
  console.log(`| ${columns.map(([, f]) => f(r)).join(' | ')} |`);
}
if (bookingFigures) {
  const b = bookingFigures;
  console.log(`| booking POST (${BOOKINGS} bookings, each a new slot) | | | ${b.rps.toFixed(0)} | ${b.p50} | ${b.p99} | ${b.errors} | autocannon | | | | | | ${b.p99 <= P99_TARGET_MS ? 'yes' : 'no'} |`);
}
console.log(misses.length === 0 ? '\nEvery call met its targets.' : `\nMissed targets:\n- ${misses.join('\n- ')}`);
