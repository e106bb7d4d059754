// Load benchmark of the record screens' calls with a large organization.
//   npm run bench:records [-- --customers 10000 --invoices 50000 --connections 20 --duration 5 --only customers]
// Uses PGlite in a temp directory, or PostgreSQL when DATABASE_URL is set (a throwaway database is
// created on that server and dropped afterwards). Prints requests/s and p50/p99 latency per call.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { openBenchTarget } from './bench-target';
import { runMigrations } from '../src/server/db/migrate';
import { createLoginSession } from '../src/server/platform/sessions';
import { startSmtpSink } from '../src/server/test/smtp-sink';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const CUSTOMERS = arg('customers', 10_000);
const INVOICES = arg('invoices', 50_000);
const WORK_ORDERS = arg('work-orders', 20_000);
const CONNECTIONS = arg('connections', 20);
const DURATION = arg('duration', 5);

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

async function generate(database: Database): Promise<{ cookie: string; invoiceId: number }> {
  const q = database.query;
  const t0 = performance.now();
  const [{ id: orgId }] = (await q(`INSERT INTO organizations (name, slug, industry) VALUES ('Big Plumbing Co', 'big', 'Home Services') RETURNING id`)).rows as { id: number }[];
  await q(`INSERT INTO organizations (name, slug, industry) SELECT 'Small Org ' || g, 'small-' || g, 'Cleaning Services' FROM generate_series(1, 19) g`);
  const [{ id: userId }] = (await q(
    `INSERT INTO users (account_id, email, first_name, last_name, role, organization_id) VALUES ('bench-admin', 'bench@example.com', 'Bench', 'Admin', 'org_admin', $1) RETURNING id`,
    [orgId],
  )).rows as { id: number }[];
  const surnames = `array['Smith','Garcia','Johnson','Müller','Nguyen','Brown','Davis','Martinez','Wilson','Anderson','Taylor','Thomas','Moore','Jackson','White','Harris','Clark','Lewis','Young','King']`;
  const firsts = `array['James','Maria','Robert','Linda','José','Zoë','Wei','Aisha','David','Sarah','Michael','Emma','Daniel','Olivia','Chris','Sofia']`;
  await q(
    `INSERT INTO customers (organization_id, name, email, phone, address, city, state, zip, company_name, payment_terms, created_at)
     SELECT $1, (${firsts})[1 + g % 16] || ' ' || (${surnames})[1 + (g / 16) % 20] || ' ' || g,
            'customer' || g || '@example.com', (5550000000 + g)::text, g || ' Main Street', 'Springfield', 'IL', '62701',
            CASE WHEN g % 4 = 0 THEN 'Company ' || g END, 'net30', now() - (g % 365) * interval '1 day'
     FROM generate_series(1, $2::int) g`,
    [orgId, CUSTOMERS],
  );
  const [{ min: firstCustomer }] = (await q(`SELECT min(id)::int AS min FROM customers WHERE organization_id = $1`, [orgId])).rows as { min: number }[];
  await q(
    `INSERT INTO work_orders (organization_id, order_number, customer_id, title, status, total_cost, due_date, created_at)
     SELECT $1, 'WO-' || lpad(g::text, 5, '0'), $2 + (g % $3::int), 'Repair job ' || g,
            (array['scheduled','in_progress','completed','cancelled'])[1 + g % 4], ((g % 900) + 100)::numeric(10,2),
            now() + ((g % 60) - 30) * interval '1 day', now() - (g % 365) * interval '1 day'
     FROM generate_series(1, $4::int) g`,
    [orgId, firstCustomer, CUSTOMERS, WORK_ORDERS],
  );
  await q(
    `INSERT INTO invoices (organization_id, invoice_number, customer_id, status, subtotal, tax, total, due_date, paid_date, created_at)
     SELECT $1, 'INV-' || lpad(g::text, 5, '0'), $2 + (g % $3::int), (array['draft','sent','paid','overdue'])[1 + g % 4],
            ((g % 900) + 100)::numeric(10,2), 0, ((g % 900) + 100)::numeric(10,2),
            now() + ((g % 90) - 45) * interval '1 day',
            CASE WHEN g % 4 = 2 THEN now() - (g % 300) * interval '1 day' END,
            now() - (g % 365) * interval '1 day'
     FROM generate_series(1, $4::int) g`,
    [orgId, firstCustomer, CUSTOMERS, INVOICES],
  );
  await q(
    `INSERT INTO invoice_line_items (organization_id, invoice_id, description, quantity, rate, amount, sort_order)
     SELECT organization_id, id, 'Service call', 1, total, total, 0 FROM invoices WHERE organization_id = $1`,
    [orgId],
  );
  await q(
    `INSERT INTO payments (organization_id, invoice_id, invoice_number, customer_name, amount, method, received_date, status)
     SELECT i.organization_id, i.id, i.invoice_number, c.name, i.total, 'check', i.paid_date, 'completed'
     FROM invoices i JOIN customers c ON c.id = i.customer_id WHERE i.organization_id = $1 AND i.status = 'paid'`,
    [orgId],
  );
  await q(`INSERT INTO number_counters (organization_id, entity_type, current_number) VALUES ($1, 'invoice', $2), ($1, 'work_order', $3)`, [orgId, INVOICES, WORK_ORDERS]);
  await q('ANALYZE');
  const session = await createLoginSession(database.db, userId, { ip: '127.0.0.1', userAgent: 'bench' });
  const [{ id: invoiceId }] = (await q(`SELECT id FROM invoices WHERE organization_id = $1 ORDER BY id LIMIT 1`, [orgId])).rows as { id: number }[];
  console.log(`data: ${CUSTOMERS} customers, ${WORK_ORDERS} work orders, ${INVOICES} invoices (+ line items, payments) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { cookie: `sid=${session.token}`, invoiceId };
}

async function startServer(port: number): Promise<ChildProcess> {
  // As in production, which needs a mail transport: a local SMTP sink.
  const mailSink = await startSmtpSink();
  mailSink.unref();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', SMTP_URL: mailSink.url };
  // Production needs a key for credentials at rest (platform/app-secret.ts).
  env.APP_SECRET = 'tradebook-bench-app-secret-0123456789abcdef';
  if (dbUrl) env.DATABASE_URL = dbUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir;
  }
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server alone.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

interface Row {
  call: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, cookie: string, connections = CONNECTIONS, duration = DURATION): Promise<Omit<Row, 'call'>> {
  const r = await autocannon({ url, connections, duration, headers: { cookie } });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

const database = await openTarget();
await runMigrations(database);
const { cookie, invoiceId } = await generate(database);
await database.close();
void loadConfig;

const port = 3900 + Math.floor(Math.random() * 90);
const server = await startServer(port);
const base = `http://127.0.0.1:${port}`;
const calls: [string, string][] = [
  ['customers, first page', '/api/customers'],
  ['customers, search "garcia"', '/api/customers?q=garcia'],
  ['customers, search "5550004"', '/api/customers?q=5550004'],
  ['invoices, first page', '/api/invoices'],
  ['invoices, search "INV-0421"', '/api/invoices?q=INV-0421'],
  ['invoices, search customer "nguyen"', '/api/invoices?q=nguyen'],
  ['work orders, first page', '/api/work-orders'],
  ['dashboard stats', '/api/dashboard/stats'],
  ['global search "garc"', '/api/search?q=garc'],
];
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const rows: Row[] = [];
try {
  for (const [name, url] of calls.filter(([n]) => !only || n.includes(only))) {
    await load(base + url, cookie, 2, 1); // warm up
    rows.push({ call: name, ...(await load(base + url, cookie)) });
  }
  if (!only || 'invoice PDF'.includes(only)) {
    await load(`${base}/api/invoices/${invoiceId}/pdf`, cookie, 1, 1);
    rows.push({ call: 'invoice PDF (1 connection)', ...(await load(`${base}/api/invoices/${invoiceId}/pdf`, cookie, 1, DURATION)) });
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (process.env.BENCH_KEEP_DATA) console.log(`cookie ${cookie}`);
  await dropTarget?.();
}

console.log(`\n${dbUrl ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connections, ${DURATION} s per call, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})`);
console.log('| call | req/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.call} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
