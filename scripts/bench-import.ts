// Benchmark of spreadsheet imports (docs/rules/data-exchange.md#imports): a 50,000-row customers file as CSV and as
// XLSX, each uploaded, previewed and imported (NDJSON progress, as the browser asks) through the real app, then the
// CSV once more with "update" (every row matching). Prints the time of each step and the peak memory of the process
// (RSS, which holds the embedded database too, and the JS heap, garbage included) while it ran; with --expose-gc also
// the heap left alive after each step.
//   node --expose-gc --import tsx scripts/bench-import.ts [--rows 50000]   (or npx tsx scripts/bench-import.ts)
// PGlite in a temp directory; PostgreSQL when DATABASE_URL is set (a throwaway database, dropped afterwards).
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { runMigrations } from '../src/server/db/migrate';
import { createLoginSession } from '../src/server/platform/sessions';
import type { Import, ImportDuplicates, ImportPreview } from '../src/contracts/imports';
import { openBenchTarget } from './bench-target';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const ROWS = arg('rows', 50_000);
const HEADER = ['Display Name', 'Company Name', 'E-mails', 'Main Phone #s', 'Billing Street 1', 'Billing City', 'Billing State', 'Billing Zip code', 'Notes', 'Tax Exempt'];
const FIRSTS = ['James', 'Maria', 'Robert', 'Linda', 'José', 'Zoë', 'Wei', 'Aisha', 'David', 'Sarah'];
const LASTS = ['Smith', 'Garcia', 'Müller', 'Nguyen', "O'Brien", 'Brown', 'Davis', 'Martinez'];

function row(i: number): string[] {
  return [
    `${FIRSTS[i % FIRSTS.length]} ${LASTS[i % LASTS.length]} ${i}`,
    i % 4 === 0 ? `Company ${i}, LLC` : '',
    `customer${i}@example.com`,
    `+1 (555) ${String(1_000_000 + i).slice(1, 4)}-${String(10_000 + i).slice(-4)}`,
    `${i} Main Street`,
    'Springfield',
    'IL',
    i % 3 === 0 ? '62701-1234' : '62704',
    i % 10 === 0 ? 'Gate code 1234, "beware of dog"' : '',
    i % 7 === 0 ? 'Yes' : 'No',
  ];
}

const csvCell = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);

function makeCsv(): Buffer {
  const lines = [HEADER.join(',')];
  for (let i = 0; i < ROWS; i++) lines.push(row(i).map(csvCell).join(','));
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function makeXlsx(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true });
  const ws = wb.addWorksheet('Customers');
  ws.addRow(HEADER).commit();
  for (let i = 0; i < ROWS; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

/** Peak RSS and heap while `fn` runs, sampled every 20 ms. */
async function measured<T>(label: string, fn: () => Promise<T>): Promise<T> {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    clearInterval(timer);
    sample();
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    const seconds = ((performance.now() - t0) / 1000).toFixed(2).padStart(7);
    // With --expose-gc: the heap still alive once the garbage of the step is collected (peak heap counts garbage too).
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const live = gc ? `   live heap after GC ${mb(process.memoryUsage().heapUsed).padStart(7)}` : '';
    console.log(`  ${label.padEnd(34)} ${seconds} s   peak RSS ${mb(rss).padStart(7)}   peak heap ${mb(heap).padStart(7)}${live}`);
  }
}

function multipart(kind: string, fileName: string, data: Buffer) {
  const boundary = `----bench${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function main() {
  const target = await openBenchTarget();
  const { database } = target;
  try {
    await runMigrations(database);
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', SEED_DEMO: 'false', WEB_DIST_DIR: '/nonexistent', APP_SECRET: 'tradebook-bench-app-secret-0123456789abcdef' });
    const { app } = await buildApp({ database, config });
    await app.ready();
    const q = database.query;

    console.log(`Import benchmark: ${ROWS.toLocaleString('en-US')} customer rows on ${database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}, Node ${process.version}`);
    const csv = await measured('generate CSV', async () => makeCsv());
    const xlsx = await measured('generate XLSX', () => makeXlsx());
    console.log(`  files: CSV ${(csv.length / 1024 / 1024).toFixed(1)} MB, XLSX ${(xlsx.length / 1024 / 1024).toFixed(1)} MB`);

    async function cookieIn(orgName: string): Promise<string> {
      const [{ id: orgId }] = (await q(`INSERT INTO organizations (name, slug, industry) VALUES ($1, $2, 'Home Services') RETURNING id`, [orgName, orgName.toLowerCase().replace(/\W+/g, '-')])).rows as { id: number }[];
      const [{ id: userId }] = (await q(`INSERT INTO users (account_id, email, first_name, last_name, role, organization_id) VALUES ($1, $2, 'Bench', 'Admin', 'org_admin', $3) RETURNING id`, [`bench-${orgId}`, `bench${orgId}@example.com`, orgId])).rows as { id: number }[];
      const session = await createLoginSession(database.db, userId, { ip: '127.0.0.1', userAgent: 'bench' });
      return `${config.cookieName}=${session.token}`;
    }

    async function importFile(label: string, cookie: string, fileName: string, data: Buffer, duplicates: ImportDuplicates) {
      const total0 = performance.now();
      const body = multipart('customers', fileName, data);
      const upload = await measured(`${label}: upload`, async () => {
        const res = await app.inject({ method: 'POST', url: '/api/imports', headers: { cookie, ...body.headers }, payload: body.payload });
        if (res.statusCode !== 201) throw new Error(`upload ${res.statusCode}: ${res.body}`);
        return res.json<Import>();
      });
      const choices = { mapping: upload.mapping, duplicates };
      const preview = await measured(`${label}: preview`, async () => {
        const res = await app.inject({ method: 'POST', url: `/api/imports/${upload.id}/preview`, headers: { cookie, 'content-type': 'application/json' }, payload: choices });
        if (res.statusCode !== 200) throw new Error(`preview ${res.statusCode}: ${res.body}`);
        return res.json<ImportPreview>();
      });
      if (preview.problemCount > 0) throw new Error(`preview found problems: ${JSON.stringify(preview.problems.slice(0, 3))}`);
      const result = await measured(`${label}: import (${duplicates})`, async () => {
        const res = await app.inject({ method: 'POST', url: `/api/imports/${upload.id}/run`, headers: { cookie, 'content-type': 'application/json', accept: 'application/x-ndjson' }, payload: choices });
        const lines = res.body.trim().split('\n').map((l) => JSON.parse(l) as { type: string; import?: Import; message?: string });
        const last = lines.at(-1);
        if (res.statusCode !== 200 || last?.type !== 'result' || !last.import) throw new Error(`import ${res.statusCode}: ${res.body.slice(0, 500)}`);
        return { ...last.import, progressLines: lines.length - 1 };
      });
      console.log(
        `  ${`${label}: total`.padEnd(34)} ${((performance.now() - total0) / 1000).toFixed(2).padStart(7)} s   created ${result.created}, updated ${result.updated}, skipped ${result.skipped}, ${result.progressLines} progress lines`,
      );
    }

    const csvOrg = await cookieIn('Bench CSV');
    await importFile('CSV', csvOrg, 'customers.csv', csv, 'skip');
    await importFile('XLSX', await cookieIn('Bench XLSX'), 'customers.xlsx', xlsx, 'skip');
    await importFile('CSV again', csvOrg, 'customers.csv', csv, 'update');
    await app.close();
  } finally {
    await database.close();
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
