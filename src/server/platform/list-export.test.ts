// List exports' files and streaming (docs/rules/data-exchange.md#list-exports): cells as each format writes them, the
// keyset walk over keys that may be null, and batches read only as fast as the client takes the file.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database } from '../db/client';
import { csvRows, xlsxSheets } from '../test/spreadsheet-files';
import { compressPluginOptions } from './compression';
import { csvStream, csvText, EXPORT_BATCH_ROWS, exportFileName, sheetName, xlsxStream, xlsxValue, type ExportColumn } from './list-export';
import { ascending, descending, keysAfter, keyOf, orderOf, type BatchReader, type KeyValues, type SortKey } from './list-order';

describe('cells', () => {
  it('writes CSV text: money as its decimal string, dates as UTC dates, date-times in UTC, formula text inert', () => {
    expect(csvText('money', '1234.50')).toBe('1234.50');
    expect(csvText('money', 12.5)).toBe('12.50');
    expect(csvText('date', '2026-11-28T23:30:00.000Z')).toBe('2026-11-28');
    expect(csvText('date', '2026-02-03')).toBe('2026-02-03');
    expect(csvText('datetime', '2026-11-28T09:05:07.123Z')).toBe('2026-11-28 09:05:07');
    expect(csvText('text', true)).toBe('Yes');
    expect(csvText('text', null)).toBe('');
    // The quoting and the leading apostrophe are csvCell's (spreadsheet-cells.ts), applied to every field.
    expect(csvText('text', '=1+1')).toBe('=1+1');
  });

  it('writes XLSX values typed: numbers, dates at UTC midnight, instants, text made inert', () => {
    expect(xlsxValue('money', '-5.25')).toBe(-5.25);
    expect(xlsxValue('integer', 7)).toBe(7);
    expect(xlsxValue('date', '2026-11-28T23:30:00.000Z')).toEqual(new Date('2026-11-28T00:00:00.000Z'));
    expect(xlsxValue('datetime', '2026-11-28T09:05:07.000Z')).toEqual(new Date('2026-11-28T09:05:07.000Z'));
    expect(xlsxValue('text', '=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(xlsxValue('text', '@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(xlsxValue('text', '-12.5')).toBe('-12.5');
    expect(xlsxValue('money', null)).toBeNull();
    expect(xlsxValue('text', 'x'.repeat(40_000))).toHaveLength(32_767);
  });

  it('names files and sheets as Excel takes them', () => {
    expect(exportFileName('invoices', 'csv', new Date('2026-11-28T23:59:00Z'))).toBe('invoices-2026-11-28.csv');
    expect(sheetName('Invoices', 1)).toBe('Invoices');
    expect(sheetName('A/B: [Jobs]?', 1)).toBe('A B   Jobs');
    expect(sheetName('x'.repeat(40), 2)).toBe(`${'x'.repeat(27)} (2)`);
  });
});

describe('keyset', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    // A table of its own in this file's database (a temporary one would live on one pooled connection only).
    await database.query(`create table walk (id int primary key, at timestamptz not null, due date, name text)`);
    // Ties on `at` down to the microsecond, empty dates and names, and a name that sorts differently by case.
    await database.query(`insert into walk values
      (1, '2026-01-01 10:00:00.000001+00', '2026-03-01', 'b'), (2, '2026-01-01 10:00:00.000001+00', null, 'A'),
      (3, '2026-01-01 10:00:00.000002+00', '2026-02-01', null), (4, '2026-01-02 00:00:00+00', null, 'c'),
      (5, '2026-01-02 00:00:00+00', '2026-02-01', 'a'), (6, '2025-12-31 23:59:59.999999+00', '2026-03-01', null)`);
  });
  afterAll(async () => {
    await database.close();
  });

  const col = (name: string) => sql.raw(`walk.${name}`);
  const orders: Record<string, SortKey[]> = {
    'at desc, id desc': [descending(col('at'), true), descending(col('id'), true)],
    'at asc, id asc': [ascending(col('at'), true), ascending(col('id'), true)],
    'due asc (nulls last), id': [ascending(col('due')), ascending(col('id'), true)],
    'due desc (nulls first), at, id': [descending(col('due')), ascending(col('at'), true), descending(col('id'), true)],
    'lower(name), name, id desc': [ascending(sql`lower(${col('name')})`), ascending(col('name')), descending(col('id'), true)],
  };

  for (const [name, keys] of Object.entries(orders)) {
    it(`walks ${name} one row at a time in exactly the order of ORDER BY`, async () => {
      const ordered = sql.join(orderOf(keys), sql`, `);
      const all = (await database.db.execute<{ id: number }>(sql`select id from walk order by ${ordered}`)) as unknown as { rows: { id: number }[] };
      const texts = sql.join(
        keys.map((k) => sql`(${k.expr})::text`),
        sql`, `,
      );
      const walked: number[] = [];
      let after: KeyValues | null = null;
      for (let i = 0; i < 10; i++) {
        const where = after ? sql`where ${keysAfter(keys, after)}` : sql``;
        const r = (await database.db.execute(sql`select id, json_build_array(${texts})::text as k from walk ${where} order by ${ordered} limit 1`)) as unknown as {
          rows: { id: number; k: string }[];
        };
        const row = r.rows[0];
        if (!row) break;
        walked.push(row.id);
        after = keyOf(row.k);
      }
      expect(walked).toEqual(all.rows.map((r) => r.id));
    });
  }
});

// ---- Streaming ----

type Row = { n: number; text: string };
const COLUMNS: ExportColumn<Row>[] = [
  { label: 'N', kind: 'integer', value: (r) => r.n },
  { label: 'Text', value: (r) => r.text },
];

/**
 * A reader of `batches` full batches whose every call is counted. `noise`: each row carries that many random bytes (as
 * base64), so a batch is large and does not compress away, and a client that stops reading fills the socket's buffers.
 */
function countedReader(batches: number, noise = 0): { read: BatchReader<Row>; reads: () => number } {
  let reads = 0;
  const read: BatchReader<Row> = async (after) => {
    reads++;
    const start = after ? Number(after[0]) : 0;
    const count = start >= batches * EXPORT_BATCH_ROWS ? 0 : EXPORT_BATCH_ROWS;
    const text = (n: number) => (noise ? randomBytes(noise).toString('base64') : `row ${n} ${'x'.repeat(80)}`);
    const rows = Array.from({ length: count }, (_, i) => ({ n: start + i + 1, text: text(start + i + 1) }));
    return { rows, last: rows.length ? [String(start + count)] : null };
  };
  return { read, reads: () => reads };
}

async function* batchesOf(read: BatchReader<Row>) {
  let after: KeyValues | null = null;
  for (;;) {
    const { rows, last } = await read(after, EXPORT_BATCH_ROWS);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_BATCH_ROWS || !last) return;
    after = last;
  }
}

/** Lets pending I/O and timers run, so a producer that would read on has every chance to. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('streaming', () => {
  let app: FastifyInstance;
  let port: number;
  let reader = countedReader(1);

  beforeAll(async () => {
    app = Fastify({ forceCloseConnections: true });
    await app.register(compress, compressPluginOptions);
    app.get('/csv', async (req, reply) => reply.type('text/csv').send(csvStream(COLUMNS, batchesOf(reader.read))));
    app.get('/xlsx', async (req, reply) => reply.type('application/octet-stream').send(xlsxStream('Rows', COLUMNS, batchesOf(reader.read), req.log)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  /** GET path; resolves with the response once its first bytes arrived, paused there. */
  const firstBytes = (path: string, headers: Record<string, string> = {}) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.get({ port, path, headers }, (res) => {
        res.once('data', () => {
          res.pause();
          resolve(res);
        });
      });
      req.on('error', reject);
    });

  const whole = (path: string) =>
    new Promise<Buffer>((resolve, reject) => {
      http
        .get({ port, path }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        })
        .on('error', reject);
    });

  it('reads a CSV batch by batch: the first bytes leave before the second batch is read, and the whole file has every row', async () => {
    reader = countedReader(3);
    const stream = csvStream(COLUMNS, batchesOf(reader.read));
    const first = await new Promise<Buffer>((resolve) => (stream as Readable).once('data', resolve));
    expect(first.toString('utf8')).toBe('\uFEFFN,Text\r\n');
    expect(reader.reads()).toBeLessThanOrEqual(1);
    stream.destroy();

    reader = countedReader(3);
    const rows = csvRows(await whole('/csv'));
    expect(rows).toHaveLength(1 + 3 * EXPORT_BATCH_ROWS);
    expect(rows[3000]).toEqual(['3000', `row 3000 ${'x'.repeat(80)}`]);
    // Three full batches and the empty one that ends the walk.
    expect(reader.reads()).toBe(4);
  });

  for (const [path, encoding] of [
    ['/csv', 'identity'],
    ['/csv', 'br'],
    ['/xlsx', 'identity'],
  ] as const) {
    it(`stops reading ${path} (${encoding}) while the client does not take the file, and for good once it goes away`, async () => {
      // 200 batches of about 800 KB: far more than the socket's buffers hold.
      reader = countedReader(200, 600);
      const res = await firstBytes(path, { 'accept-encoding': encoding });
      await settle();
      const held = reader.reads();
      expect(held).toBeLessThan(30);
      await settle();
      expect(reader.reads()).toBe(held);
      res.destroy();
      await new Promise((r) => setTimeout(r, 50));
      await settle();
      const after = reader.reads();
      expect(after).toBeLessThanOrEqual(held + 1);
      await settle();
      expect(reader.reads()).toBe(after);
    });
  }

  it('goes on to another sheet, with the header again, once a sheet is full', async () => {
    reader = countedReader(2);
    const stream = xlsxStream('Rows', COLUMNS, batchesOf(reader.read), app.log, 1500);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const sheets = await xlsxSheets(Buffer.concat(chunks));
    expect(sheets.map((s) => [s.name, s.rows.length])).toEqual([
      ['Rows', 1501],
      ['Rows (2)', 501],
    ]);
    expect(sheets[1]!.rows[0]!.map((c) => c.value)).toEqual(['N', 'Text']);
    expect(sheets[1]!.rows[1]![0]!.value).toBe(1501);
  });

  it('writes an XLSX whose rows read back whole', async () => {
    reader = countedReader(2);
    const [sheet] = await xlsxSheets(await whole('/xlsx'));
    expect(sheet!.name).toBe('Rows');
    expect(sheet!.rows).toHaveLength(1 + 2 * EXPORT_BATCH_ROWS);
    expect(sheet!.rows[0]!.map((c) => c.value)).toEqual(['N', 'Text']);
    expect(sheet!.rows[2000]!.map((c) => c.value)).toEqual([2000, `row 2000 ${'x'.repeat(80)}`]);
  });
});
