// What the app waits on under `bench:mixed`'s load (docs/performance.md, Session 8): seed:large's data is seeded once
// into a template database on the PostgreSQL server at DATABASE_URL (kept between runs, `--reseed` to redo it),
// each run copies it, starts the app, runs the mix and samples pg_stat_activity every 100 ms: which statements the
// database's connections are running, waiting on a lock for, or holding a transaction open after ("idle in
// transaction": the app has not sent the next statement yet). Run it from two checkouts back to back to compare.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx scripts/bench-booking-waits.ts [--duration 20 --seed 1]
// Bookings alone (weight 10); `--default-mix --mix booking=5` is bench:mixed's default mix with bookings added.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { DEFAULT_LARGE_SIZES } from '../src/server/db/seed/seed-large';
import { prepareMixedData, type VirtualUser } from './bench-mixed-data';
import { DEFAULT_MIX, MIX_CALLS, runLoad, type MixCall } from './bench-mixed-load';
import { startApp } from './bench-mixed-server';
import { parseMix, summarize } from './bench-mixed-stats';

const args = process.argv.slice(2);
const flag = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('DATABASE_URL (a PostgreSQL server) is required');
const onlyBookings = Object.fromEntries(MIX_CALLS.map((c) => [c, c === 'booking' ? 10 : 0])) as Record<MixCall, number>;
const mix = parseMix(flag('mix'), args.includes('--default-mix') ? DEFAULT_MIX : onlyBookings);
const seconds = Number(flag('duration') ?? 20);
const seed = Number(flag('seed') ?? 1);
const TEMPLATE = 'tb_bench_booking_template';
const usersFile = path.join(os.tmpdir(), `${TEMPLATE}-users.json`);
const urlOf = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE])).rowCount;
let users: VirtualUser[];
if (!exists || !fs.existsSync(usersFile) || args.includes('--reseed')) {
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const database = await openDatabase({ databaseUrl: urlOf(TEMPLATE) });
  await runMigrations(database);
  users = (await prepareMixedData(database, DEFAULT_LARGE_SIZES, 20)).users;
  await database.close();
  fs.writeFileSync(usersFile, JSON.stringify(users));
} else users = JSON.parse(fs.readFileSync(usersFile, 'utf8')) as VirtualUser[];

const name = `tb_bench_${Date.now().toString(36)}`;
await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
const app = await startApp({ dbUrl: urlOf(name) });
const waits = new Map<string, number>();
let samples = 0;
let sampling = true;
const sampler = (async () => {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  while (sampling) {
    const r = await c.query(
      `SELECT coalesce(wait_event_type, 'CPU') || '/' || coalesce(wait_event, '-') || ' ' || state || ' | ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS k
       FROM pg_stat_activity WHERE datname = $1 AND state <> 'idle'`,
      [name],
    );
    samples++;
    for (const { k } of r.rows as { k: string }[]) waits.set(k, (waits.get(k) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await c.end();
})();
try {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const cpuBefore = app.cpuSeconds() ?? 0;
  const result = await runLoad({ base: app.base, users, mix, warmUpSeconds: 3, seconds, seed });
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; app CPU ${((app.cpuSeconds() ?? 0) - cpuBefore).toFixed(1)} s`);
  console.log('| call | calls | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [type, f] of [...result.byCall.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const s = summarize(f.latencies, f.errors, result.seconds);
    console.log(`| ${type} | ${s.count} | ${s.rps.toFixed(1)} | ${s.p50.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.p99.toFixed(0)} | ${s.max.toFixed(0)} | ${s.errors} |`);
  }
} finally {
  sampling = false;
  await sampler;
  await app.stop();
  console.log(`\npg_stat_activity: ${samples} samples; the connections not idle, by wait, state and statement (samples):`);
  for (const [k, n] of [...waits.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${String(n).padStart(5)} ${k}`);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
