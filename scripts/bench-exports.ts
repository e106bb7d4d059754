// List exports through the real server (docs/rules/data-exchange.md#list-exports): seeds 50,000 invoices in one
// organization among others (seed:large's data, on a fresh store), runs the app as its own process, downloads the
// Invoices export as CSV and as XLSX over HTTP and prints, for each, the time to the first byte and to the last, the
// bytes and rows, and the server's memory: its RSS (from /proc) and V8 heap (from /metrics) before the download, at
// its peak, and as the download passes 10%, 50% and 90% of its bytes, which shows whether memory follows the rows.
//   npx tsx scripts/bench-exports.ts [--invoices 50000] [--heap-mb 0] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
// --heap-mb N starts the server with --max-old-space-size=N: an export that held its rows would run out of heap.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { createStore, openStore, startApp } from '../faults/fault-app';
import { runMigrations } from '../src/server/db/migrate';
import { DEFAULT_LARGE_SIZES, seedLarge } from '../src/server/db/seed/seed-large';
import { createLoginSession } from '../src/server/platform/sessions';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const INVOICES = Number(option('invoices') ?? 50_000);
const HEAP_MB = Number(option('heap-mb') ?? 0);
const POSTGRES = option('postgres');

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

const { store, drop } = await createStore(POSTGRES ? 'postgres' : 'pglite', POSTGRES ?? '');
let stopApp: (() => Promise<void>) | undefined;
try {
  // ---- Data: seed:large with 50,000 invoices in the big organization and a share of them in three small ones ----
  const database = await openStore(store);
  const seedStarted = performance.now();
  await runMigrations(database);
  const seeded = await seedLarge(database, {
    ...DEFAULT_LARGE_SIZES,
    orgs: 4,
    customers: 5_000,
    workOrders: 2_000,
    invoices: INVOICES,
    lineItems: 2,
    payments: 20_000,
    appointments: 200,
    estimates: 200,
    timeEntries: 200,
    messages: 200,
  });
  const [admin] = (await database.query(`SELECT id FROM users WHERE email = $1`, [seeded.adminEmail])).rows as { id: number }[];
  const session = await createLoginSession(database.db, admin!.id, { ip: '127.0.0.1', userAgent: 'bench-exports' });
  const cookie = `sid=${session.token}`;
  const [{ n: bigInvoices }] = (await database.query(`SELECT count(*)::int AS n FROM invoices WHERE organization_id = $1`, [seeded.bigOrganizationId])).rows as { n: number }[];
  const [{ n: allInvoices }] = (await database.query(`SELECT count(*)::int AS n FROM invoices`)).rows as { n: number }[];
  await database.close();
  console.log(`${store.kind}: seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${bigInvoices.toLocaleString('en-US')} invoices in the exported organization, ${allInvoices.toLocaleString('en-US')} in all`);

  // ---- The server, as in production ----
  const app = await startApp(store, HEAP_MB ? { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` } : {});
  stopApp = app.stop;
  const pid = app.child.pid!;
  console.log(`server pid ${pid}${HEAP_MB ? `, heap capped at ${HEAP_MB} MB` : ''}`);

  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const heap = async () => {
    const text = await (await fetch(`${app.baseURL}/metrics`)).text();
    return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? 0);
  };

  const sizes: Partial<Record<'csv' | 'xlsx', number>> = {};

  /** Downloads the export, sampling the server's memory as the bytes come. */
  async function download(format: 'csv' | 'xlsx') {
    const url = `${app.baseURL}/api/invoices/export?format=${format}`;
    // Warm: the first download of a kind pays for loading code.
    await (await fetch(`${url}&q=INV-00001`, { headers: { cookie } })).arrayBuffer();
    const before = { rss: rss(), heap: await heap() };
    const peak = { ...before };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak.rss = Math.max(peak.rss, rss());
        peak.heap = Math.max(peak.heap, await heap());
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let firstByte = 0;
    // Where the download stands: against the same format's last size, or a first guess of its bytes per row.
    const marks: { at: number; rss: number; heap: number }[] = [];
    const expected = sizes[format] ?? bigInvoices * (format === 'csv' ? 80 : 60);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.length;
      chunks.push(value);
      for (const at of [0.1, 0.5, 0.9]) {
        if (bytes >= expected * at && !marks.some((m) => m.at === at)) marks.push({ at, rss: rss(), heap: await heap() });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    sizes[format] = bytes;
    sampling = false;
    await sampler;
    const body = Buffer.concat(chunks);
    let rows: number;
    if (format === 'csv') {
      rows = body.toString('utf8').split('\r\n').length - 2;
    } else {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      rows = workbook.worksheets.reduce((n, s) => n + s.actualRowCount - 1, 0);
    }
    return { format, seconds, firstByte, bytes, rows, before, peak, marks };
  }

  console.log('format | rows | bytes | first byte | whole file | rows/s | RSS before -> peak (growth) | heap before -> peak (growth) | heap at 10% / 50% / 90% of the file');
  for (const format of ['csv', 'xlsx', 'csv', 'xlsx'] as const) {
    const r = await download(format);
    if (r.rows !== bigInvoices) throw new Error(`${format}: ${r.rows} rows, expected ${bigInvoices}`);
    console.log(
      [
        r.format,
        r.rows.toLocaleString('en-US'),
        mb(r.bytes),
        `${r.firstByte.toFixed(0)} ms`,
        `${r.seconds.toFixed(2)} s`,
        Math.round(r.rows / r.seconds).toLocaleString('en-US'),
        `${mb(r.before.rss)} -> ${mb(r.peak.rss)} (+${mb(r.peak.rss - r.before.rss)})`,
        `${mb(r.before.heap)} -> ${mb(r.peak.heap)} (+${mb(r.peak.heap - r.before.heap)})`,
        r.marks.map((m) => mb(m.heap)).join(' / '),
      ].join(' | '),
    );
  }
} finally {
  await stopApp?.();
  await drop();
}
