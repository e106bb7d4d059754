// Times the aging report and the reports summary uncached (issue 15) on data already loaded by `npm run seed:large`:
// the app in this process with the response cache off, each call through app.inject as the big organization's
// admin, first one at a time, then 20 at once. Prints p50 / p99 ms and the answer's size per call.
//   DATABASE_URL=postgres://... npx tsx scripts/bench-reports.ts [--duration 5 --connections 20]
//   DATA_DIR=./data-large npx tsx scripts/bench-reports.ts [--only aging]
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createLoginSession } from '../src/server/platform/sessions';

const args = process.argv.slice(2);
const flag = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const DURATION_S = flag('duration', 5);
const CONNECTIONS = flag('connections', 20);
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const ADMIN_EMAIL = 'admin@org1.large.example';

const config = loadConfig({ ...process.env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const { app } = await buildApp({ database, config });
await app.ready();

const [admin] = (await database.query(`SELECT id, organization_id FROM users WHERE email = $1`, [ADMIN_EMAIL])).rows as { id: number; organization_id: number }[];
if (!admin) throw new Error(`No ${ADMIN_EMAIL}: load the data with npm run seed:large first`);
const session = await createLoginSession(database.db, admin.id, { ip: '127.0.0.1', userAgent: 'bench-reports' });
const cookie = `sid=${session.token}`;

const CALLS = [
  { name: 'aging report', url: '/api/reports/aging' },
  { name: 'aging bucket page', url: '/api/reports/aging?bucket=over90&offset=500&limit=25' },
  { name: 'reports summary, all time', url: '/api/reports/summary' },
  { name: 'reports summary, a year', url: `/api/reports/summary?from=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}` },
];

async function once(url: string): Promise<{ ms: number; bytes: number; ok: boolean }> {
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  const ms = performance.now() - t;
  // Counted, not thrown: an overloaded app answers 503, which is a figure too.
  if (res.statusCode !== 200 && res.statusCode !== 503) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms, bytes: res.rawPayload.length, ok: res.statusCode === 200 };
}

async function run(url: string, connections: number) {
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  const end = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const r = await once(url);
        latencies.push(r.ms);
        if (r.ok) bytes = r.bytes;
        else errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
  return { n: latencies.length, p50: at(0.5), p99: at(0.99), bytes, errors };
}

console.log(`${config.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, response cache off, ${DURATION_S} s per row`);
console.log(`call | 1 at a time p50 / p99 ms | ${CONNECTIONS} at once p50 / p99 ms | answer bytes`);
for (const c of CALLS.filter((x) => !ONLY || x.name.includes(ONLY))) {
  for (let i = 0; i < 3; i++) await once(c.url);
  const one = await run(c.url, 1);
  const many = await run(c.url, CONNECTIONS);
  const failed = (r: { errors: number }) => (r.errors ? `, ${r.errors} answered 503` : '');
  console.log(`${c.name} | ${one.p50} / ${one.p99} (n=${one.n}${failed(one)}) | ${many.p50} / ${many.p99} (n=${many.n}${failed(many)}) | ${one.bytes}`);
}
await app.close();
await database.close();
