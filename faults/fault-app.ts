// The real app as a child process on its own data, for tests that kill it or its database mid-flight.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { createLoginSession } from '../src/server/platform/sessions';
import { startSmtpSink, type SmtpSink } from '../src/server/test/smtp-sink';

const ROOT = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Where the app keeps its data: a PGlite directory or a PostgreSQL database. */
export type Store = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export function storeEnv(store: Store): NodeJS.ProcessEnv {
  return store.kind === 'pglite' ? { DATA_DIR: store.dataDir } : { DATABASE_URL: store.url };
}

export async function openStore(store: Store): Promise<Database> {
  return store.kind === 'pglite' ? openDatabase({ dataDir: store.dataDir }) : openDatabase({ databaseUrl: store.url, poolSize: 2 });
}

/** A throwaway store: a temp PGlite directory, or a new database on the PostgreSQL server at `adminUrl`. */
export async function createStore(kind: Store['kind'], adminUrl: string): Promise<{ store: Store; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-faults-'));
    return { store: { kind, dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `tb_faults_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    store: { kind, url: url.toString() },
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface Business {
  cookie: string;
  slug: string;
  customerId: number;
  serviceId: number;
  /** Sent invoices with room for many small payments. */
  invoiceIds: number[];
}

/** An organization with an admin session, a customer, sent invoices to pay against and a bookable service. */
export async function prepareBusiness(store: Store): Promise<Business> {
  const database = await openStore(store);
  try {
    await runMigrations(database);
    const q = database.query;
    const [{ id: orgId }] = (await q(`INSERT INTO organizations (name, slug, industry) VALUES ('Fault Plumbing', 'faults', 'Home Services') RETURNING id`)).rows as { id: number }[];
    const [{ id: userId }] = (await q(
      `INSERT INTO users (account_id, email, first_name, last_name, role, organization_id) VALUES ('faults-admin', 'admin@faults.example', 'Fay', 'Admin', 'org_admin', $1) RETURNING id`,
      [orgId],
    )).rows as { id: number }[];
    const [{ id: customerId }] = (await q(`INSERT INTO customers (organization_id, name, email) VALUES ($1, 'Crash Test Customer', 'crash@example.com') RETURNING id`, [orgId])).rows as { id: number }[];
    // Every day open 08:00-20:00 in UTC, so the test's slot arithmetic needs no time zone.
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    await q(
      `INSERT INTO schedule_settings (organization_id, schedule_token, time_zone, advance_booking_days, ${days.map((d) => `${d}_enabled, ${d}_start, ${d}_end`).join(', ')})
       VALUES ($1, 'faults-token', 'UTC', 60, ${days.map(() => `true, '08:00', '20:00'`).join(', ')})`,
      [orgId],
    );
    const [{ id: serviceId }] = (await q(`INSERT INTO services (organization_id, name, duration, price) VALUES ($1, 'Leak check', 30, 50) RETURNING id`, [orgId])).rows as { id: number }[];
    const session = await createLoginSession(database.db, userId, { ip: '127.0.0.1', userAgent: 'faults' });
    return { cookie: `sid=${session.token}`, slug: 'faults', customerId, serviceId, invoiceIds: [] };
  } finally {
    await database.close();
  }
}

export interface RunningApp {
  baseURL: string;
  child: ChildProcess;
  logs: () => string;
  /** Resolves once the process has gone, however it ended. */
  exited: Promise<void>;
  stop: () => Promise<void>;
}

/** The app runs as in production, which refuses to start without a mail transport: one local SMTP sink per process. */
let mailSink: Promise<SmtpSink> | undefined;
function sharedMailSink(): Promise<SmtpSink> {
  mailSink ??= startSmtpSink().then((sink) => {
    sink.unref();
    return sink;
  });
  return mailSink;
}

export async function startApp(store: Store, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningApp> {
  const port = await freePort();
  const { url: smtpUrl } = await sharedMailSink();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...storeEnv(store),
    SMTP_URL: smtpUrl,
    // 200 simultaneous online bookings from 127.0.0.1 (platform/client-limits.test.ts tests the real limits).
    PUBLIC_LIMIT_SCALE: '1000',
    // Production needs a key for credentials at rest (platform/app-secret.ts); the same one across restarts.
    APP_SECRET: 'tradebook-fault-rig-app-secret-0123456789abcdef',
    ...extraEnv,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  if (store.kind === 'pglite') delete env.DATABASE_URL;
  // node itself, not the tsx wrapper, so SIGKILL reaches the process that holds the data.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The app did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    baseURL,
    child,
    logs: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A JSON call with the admin's session; the answer's status and body, or the network error. */
export async function call(app: { baseURL: string }, cookie: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(app.baseURL + url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json', origin: app.baseURL }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}
