// Mixed load as a real installation sees it (issue 15): seed:large's data, 20 signed-in users at once (half in the
// big organization, half across the small ones) looping over a weighted mix of pages, searches, an invoice, the
// dashboard and ~10 % writes, against the app in its own process. Prints requests/s, p50/p95/p99 per call type and
// overall, errors, and the app's memory and CPU.
//   npm run bench:mixed [-- --users 20 --duration 30 --warm-up 5 --settle 10 --seed 1
//                          --mix customers-page=25,booking=5 ...seed:large sizes (--customers 10000 --invoices 50000 ...)]
//   npm run bench:mixed -- --growth [--sizes 1000,10000,100000 --duration 10]
// `--growth`: the customers page (at a random offset, and after a random customer's cursor), a customer search and an invoice search in one organization of each size
// (customers; 10x invoices), one user: p50 per size and the largest size's p50 over the smallest's.
// PGlite in a temp directory, or PostgreSQL with DATABASE_URL (a throwaway database there, dropped afterwards).
import os from 'node:os';
import { runMigrations } from '../src/server/db/migrate';
import { DEFAULT_LARGE_SIZES, type LargeSizes } from '../src/server/db/seed/seed-large';
import { prepareMixedData, type VirtualUser } from './bench-mixed-data';
import { DEFAULT_MIX, MIX_CALLS, runLoad, type CallType, type LoadResult, type MixCall } from './bench-mixed-load';
import { processesCpuSeconds, startApp } from './bench-mixed-server';
import { growthRatio, parseMix, summarize, type Summary } from './bench-mixed-stats';
import { openBenchTarget } from './bench-target';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const num = (name: string, def: number) => {
  const v = flag(name) === undefined ? def : Number(flag(name));
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} needs a number ≥ 0`);
  return v;
};
const GROWTH = args.includes('--growth');
const USERS = num('users', 20);
const SECONDS = num('duration', GROWTH ? 10 : 30);
const WARM_UP = num('warm-up', GROWTH ? 2 : 5);
const SEED = num('seed', 1);
/** Seconds the app gets after start before the load: its startup jobs (overdue invoices at 2 s) write then. */
const SETTLE = num('settle', 10);
const MIX = parseMix(flag('mix'), DEFAULT_MIX);
const GROWTH_SIZES = (flag('sizes') ?? '1000,10000,100000').split(',').map(Number);
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** seed:large's size flags, by the same names (`--work-orders` for workOrders). */
const sizes = Object.fromEntries(Object.entries(DEFAULT_LARGE_SIZES).map(([k, v]) => [k, num(kebab(k), v)])) as unknown as LargeSizes;

const fmt = (ms: number) => (Number.isFinite(ms) ? (ms < 10 ? ms.toFixed(1) : ms.toFixed(0)) : '-');
const machine = () => {
  const cpu = os.cpus();
  return `${cpu.length} cores (${cpu[0]?.model ?? 'unknown CPU'}), load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, load generator on the same machine`;
};

async function seeded(target: Awaited<ReturnType<typeof openBenchTarget>>, s: LargeSizes, users: number) {
  await runMigrations(target.database);
  const data = await prepareMixedData(target.database, s, users);
  // As an installation that grew over months stands: autovacuum has set the visibility map (index-only scans read no
  // table pages) and the statistics are current. Right after a bulk seed neither holds yet.
  await target.database.query('VACUUM ANALYZE');
  await target.database.close(); // PGlite's directory is opened by one process at a time: the app's, next.
  return data;
}

interface CpuFigures {
  app?: number;
  /** PostgreSQL's processes on this machine (none for PGlite, which runs inside the app). */
  database?: number;
  /** This process: the load generator. */
  load: number;
}

function printRun(title: string, r: LoadResult, rss: { peak?: number; end?: number }, cpu: CpuFigures) {
  console.log(`\n### ${title}`);
  console.log('| call | calls | req/s | p50 ms | p95 ms | p99 ms | max ms | errors (by status) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const row = (name: string, s: Summary, statuses: Record<number, number>) => {
    const bad = Object.entries(statuses).filter(([st]) => Number(st) < 200 || Number(st) > 299).map(([st, n]) => `${st}: ${n}`).join(', ');
    console.log(`| ${name} | ${s.count} | ${s.rps.toFixed(1)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${fmt(s.max)} | ${s.errors}${bad ? ` (${bad})` : ''} |`);
  };
  const all = { latencies: [] as number[], errors: 0, statuses: {} as Record<number, number> };
  for (const [type, f] of [...r.byCall.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    row(type, summarize(f.latencies, f.errors, r.seconds), f.statuses);
    all.latencies.push(...f.latencies);
    all.errors += f.errors;
    for (const [st, n] of Object.entries(f.statuses)) all.statuses[Number(st)] = (all.statuses[Number(st)] ?? 0) + n;
  }
  row('**overall**', summarize(all.latencies, all.errors, r.seconds), all.statuses);
  if (all.latencies.length < r.users) console.log(`\nWARNING: fewer calls than users started in the measured time: the app was busy with something else (startup jobs? raise --settle)`);
  console.log(`\napp memory (RSS): peak ${rss.peak ?? '?'} MB, at the end ${rss.end ?? '?'} MB`);
  const cpuLine = (who: string, seconds: number | undefined) => {
    if (seconds === undefined || !all.latencies.length) return;
    console.log(`${who} CPU while measured: ${seconds.toFixed(1)} s (${((seconds / r.seconds) * 100).toFixed(0)} % of one core), ${((seconds * 1000) / all.latencies.length).toFixed(2)} ms per call`);
  };
  cpuLine('app', cpu.app);
  cpuLine('PostgreSQL server', cpu.database);
  cpuLine('load generator', cpu.load);
  if (r.errorSamples.length) console.log(`first errors:\n- ${r.errorSamples.join('\n- ')}`);
}

async function mixed() {
  const target = await openBenchTarget();
  const db = target.dbUrl ? 'PostgreSQL' : 'PGlite';
  try {
    const data = await seeded(target, sizes, USERS);
    const perOrg = new Map<number, number>();
    for (const u of data.users) perOrg.set(u.org.id, (perOrg.get(u.org.id) ?? 0) + 1);
    console.log(`data: seed:large ${JSON.stringify(data.counts)} in ${data.seconds.toFixed(1)} s; ${USERS} users over ${perOrg.size} organizations (${[...perOrg.values()].join(', ')})`);
    console.log(`mix: ${MIX_CALLS.filter((c) => MIX[c] > 0).map((c) => `${c} ${MIX[c]}`).join(', ')}; seed ${SEED}`);
    {
      const app = await startApp({ dbUrl: target.dbUrl, dataDir: target.dataDir });
      let peak = 0;
      try {
        await new Promise((r) => setTimeout(r, SETTLE * 1000));
        // The app's CPU over the measured time alone: read when the warm-up ends and when the load does.
        let cpuAtStart: number | undefined;
        let dbCpuAtStart: number | undefined;
        let loadCpuAtStart = 0;
        const cpuOfLoad = () => {
          const u = process.cpuUsage();
          return (u.user + u.system) / 1e6;
        };
        const warmedUp = setTimeout(() => {
          cpuAtStart = app.cpuSeconds();
          dbCpuAtStart = target.dbUrl ? processesCpuSeconds('postgres') : undefined;
          loadCpuAtStart = cpuOfLoad();
        }, WARM_UP * 1000);
        const result = await runLoad({ base: app.base, users: data.users, mix: MIX, warmUpSeconds: WARM_UP, seconds: SECONDS, seed: SEED, onTick: () => (peak = Math.max(peak, app.rssMb() ?? 0)) });
        clearTimeout(warmedUp);
        const cpuAtEnd = app.cpuSeconds();
        const dbCpuAtEnd = dbCpuAtStart !== undefined ? processesCpuSeconds('postgres') : undefined;
        const cpu: CpuFigures = {
          app: cpuAtStart !== undefined && cpuAtEnd !== undefined ? cpuAtEnd - cpuAtStart : undefined,
          database: dbCpuAtStart !== undefined && dbCpuAtEnd !== undefined ? dbCpuAtEnd - dbCpuAtStart : undefined,
          load: cpuOfLoad() - loadCpuAtStart,
        };
        printRun(`${db}: ${USERS} users, ${SECONDS} s after ${WARM_UP} s warm-up; ${machine()}`, result, { peak: Math.max(peak, app.peakRssMb() ?? 0) || undefined, end: app.rssMb() }, cpu);
      } finally {
        await app.stop();
      }
    }
  } finally {
    await target.drop();
  }
}

/** One organization of `customers` customers and 10x invoices; the rest nearly empty. */
const growthSizes = (customers: number): LargeSizes => ({
  ...sizes,
  orgs: 1,
  customers,
  invoices: customers * 10,
  workOrders: 10,
  payments: 1,
  appointments: 16,
  estimates: 10,
  timeEntries: 10,
  messages: 10,
  vendors: 10,
  inventory: 10,
  shortUrls: 10,
  paymentLinks: 10,
});

async function growth() {
  const calls: MixCall[] = ['customers-page', 'customers-next-page', 'customer-search', 'invoice-search'];
  const p50 = new Map<MixCall, number[]>(calls.map((c) => [c, []]));
  let db = 'PGlite';
  for (const size of GROWTH_SIZES) {
    const target = await openBenchTarget();
    db = target.dbUrl ? 'PostgreSQL' : 'PGlite';
    try {
      const data = await seeded(target, growthSizes(size), 1);
      console.log(`${size.toLocaleString('en-US')} customers: seeded ${JSON.stringify({ customers: data.counts.customers, invoices: data.counts.invoices, invoice_line_items: data.counts.invoice_line_items })} in ${data.seconds.toFixed(1)} s`);
      const app = await startApp({ dbUrl: target.dbUrl, dataDir: target.dataDir });
      try {
        await new Promise((r) => setTimeout(r, SETTLE * 1000));
        for (const call of calls) {
          const only = Object.fromEntries(MIX_CALLS.map((c) => [c, c === call ? 1 : 0])) as Record<MixCall, number>;
          const users: VirtualUser[] = data.users.slice(0, 1);
          const r = await runLoad({ base: app.base, users, mix: only, warmUpSeconds: WARM_UP, seconds: SECONDS, seed: SEED });
          const f = r.byCall.get(call as CallType);
          const s = summarize(f?.latencies ?? [], f?.errors ?? 0, r.seconds);
          if (s.errors) console.log(`  ${call}: ${s.errors} errors: ${r.errorSamples.join('; ')}`);
          p50.get(call)!.push(s.p50);
          console.log(`  ${call}: ${s.count} calls, p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms`);
        }
      } finally {
        await app.stop();
      }
    } finally {
      await target.drop();
    }
  }
  console.log(`\n### ${db}, growth: one organization, one user, ${SECONDS} s per call and size; ${machine()}`);
  console.log(`| call | ${GROWTH_SIZES.map((s) => `p50 ms at ${s.toLocaleString('en-US')}`).join(' | ')} | largest / smallest | within 2x |`);
  console.log(`|---|${GROWTH_SIZES.map(() => '---:').join('|')}|---:|:-:|`);
  for (const call of calls) {
    const values = p50.get(call)!;
    const ratio = growthRatio(values);
    console.log(`| ${call} | ${values.map(fmt).join(' | ')} | ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '-'} | ${ratio <= 2 ? 'yes' : 'no'} |`);
  }
}

await (GROWTH ? growth() : mixed());
