// List exports (docs/rules/data-exchange.md#list-exports, ADR 034): a list's rows, with its search, filters and sort,
// as CSV or XLSX, streamed. Rows are read batch by batch in the list's order (platform/list-order.ts) and each batch is
// written before the next is read, so an export of 50,000 rows holds about one batch in memory, not the list.
import { once, type EventEmitter } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_EXPORT_CONTENT_TYPES, type ListExportFormat } from '../../contracts/list-export';
import { labelsFor, type LabelSet } from '../../contracts/vocabulary';
import type { DbOrTx } from '../db/client';
import { organizations } from '../db/schema/index';
import { requireCtx } from './guard';
import type { BatchReader, KeyValues } from './list-order';
import { csvCell, inertText } from './spreadsheet-cells';
import { tenantScope, type TenantScope } from './tenancy';

/** Rows read from the database at a time. */
export const EXPORT_BATCH_ROWS = 1000;
/** Data rows on one sheet: Excel's 1,048,576 rows, less the header. A longer list goes on to another sheet. */
export const XLSX_SHEET_ROWS = 1_048_575;
/** Excel's longest text in a cell. */
const XLSX_CELL_CHARS = 32_767;

/**
 * How a column's values are written: text (made inert: spreadsheet-cells.ts), a whole number, a number, money (a decimal
 * string: two decimals), a date (a calendar date, or the UTC date of an instant) or a date-time (an instant, in UTC).
 */
export type CellKind = 'text' | 'integer' | 'number' | 'money' | 'date' | 'datetime';
export type CellValue = string | number | boolean | null | undefined;

export interface ExportColumn<Row> {
  /** The list screen's column label. */
  label: string;
  kind?: CellKind;
  value: (row: Row) => CellValue;
}

/** What a list's export route gives sendListExport: how to read its rows and how to write them. */
export interface ListExport<Row> {
  /** The file name before the date: `invoices` gives `invoices-2026-11-28.csv`. */
  fileName: string;
  /** The sheet's name: the list screen's title, in the organization's words. */
  title: (labels: LabelSet) => string;
  columns: (labels: LabelSet) => ExportColumn<Row>[];
  read: BatchReader<Row>;
  /** The row's organization: an export spanning organizations (a super user's) starts with an Organization column. */
  organizationOf?: (row: Row) => number | null;
}

export interface ListExportQuery {
  format: ListExportFormat;
  organizationId?: number;
}

// ---- Cells ----

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant's text, or a calendar date's (`YYYY-MM-DD`), as a Date (a calendar date at UTC midnight); null when neither. */
function dateOf(value: string | number): Date | null {
  const d = new Date(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const utcDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utcDateTime = (d: Date) => `${utcDate(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

function textOf(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** A value as its CSV field's text (before quoting). */
export function csvText(kind: CellKind, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return textOf(value);
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? value.toFixed(2) : value;
    case 'date': {
      const d = dateOf(value);
      return d ? utcDate(d) : String(value);
    }
    case 'datetime': {
      const d = dateOf(value);
      return d ? utcDateTime(d) : String(value);
    }
    default:
      return String(value);
  }
}

/** A value as its XLSX cell: numbers and money as numbers, dates as dates, text made inert. */
export function xlsxValue(kind: CellKind, value: CellValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return textOf(value);
  switch (kind) {
    case 'integer':
    case 'number':
    case 'money': {
      const n = Number(value);
      return Number.isFinite(n) ? n : inertText(String(value));
    }
    case 'date': {
      // The day only, as the screen shows it: a cell holding the hour too would not equal that day in a filter.
      const d = dateOf(value);
      return d ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) : inertText(String(value));
    }
    case 'datetime':
      return dateOf(value) ?? inertText(String(value));
    default:
      return inertText(String(value)).slice(0, XLSX_CELL_CHARS);
  }
}

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = {
  integer: '0',
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};

const WIDTHS: Record<CellKind, number> = { text: 24, integer: 10, number: 12, money: 14, date: 12, datetime: 20 };

// ---- Files ----

/** The list's rows, batch after batch, until a batch comes back short. */
async function* batchesOf<Row>(read: BatchReader<Row>): AsyncGenerator<Row[]> {
  let after: KeyValues | null = null;
  for (;;) {
    const { rows, last } = await read(after, EXPORT_BATCH_ROWS);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_ROWS || !last) return;
    after = last;
  }
}

/**
 * CSV (RFC 4180, CRLF line ends, a UTF-8 byte order mark so spreadsheet programs read accented names): the header,
 * then one chunk per batch. The stream asks for the next chunk only when the client has taken the last, and a client
 * that goes away ends the generator, so no further batch is read.
 */
export function csvStream<Row>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<Row[]>): Readable {
  const line = (fields: string[]) => `${fields.map(csvCell).join(',')}\r\n`;
  async function* chunks() {
    yield `\uFEFF${line(columns.map((c) => c.label))}`;
    for await (const rows of batches) {
      yield rows.map((row) => line(columns.map((c) => csvText(c.kind ?? 'text', c.value(row))))).join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The first of these events (or none, once `out` is gone). */
async function firstOf(out: PassThrough, waits: readonly [EventEmitter, string][]): Promise<void> {
  if (out.destroyed) return;
  const stop = new AbortController();
  try {
    await Promise.race([once(out, 'close', { signal: stop.signal }), ...waits.map(([emitter, event]) => once(emitter, event, { signal: stop.signal }))]);
  } finally {
    stop.abort();
  }
}

type ZipInput = EventEmitter & { _writableState?: { needDrain?: boolean } };

/**
 * Where exceljs's streaming writer keeps a sheet's XML the zip has not compressed yet. It writes each sheet into a
 * stream of its own that the zip (archiver) reads through a PassThrough (readable-stream's), and does not wait for
 * it: without a look at that PassThrough, a database faster than the zip would pile the whole list up there. Internal
 * to exceljs 4 (WorksheetWriter.stream, StreamBuf.pipes) and readable-stream 2 (_writableState); the streaming tests of
 * list-export.test.ts fail if that changes.
 */
function zipInput(sheet: ExcelJS.Worksheet): ZipInput | undefined {
  return (sheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes?.[0];
}

/** Until the zip has taken the sheet's rows so far and the client has room for more (or is gone). */
async function caughtUp(out: PassThrough, sheet: ExcelJS.Worksheet): Promise<void> {
  for (;;) {
    const input = zipInput(sheet);
    if (out.destroyed) return;
    if (input?._writableState?.needDrain) await firstOf(out, [[input, 'drain'], [input, 'close']]);
    else if (out.writableNeedDrain) await firstOf(out, [[out, 'drain']]);
    else return;
  }
}

/** A sheet name Excel takes: at most 31 characters, none of []:*?/\ . */
export function sheetName(title: string, part: number): string {
  const clean = title.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet';
  const suffix = part > 1 ? ` (${part})` : '';
  return `${clean.slice(0, 31 - suffix.length)}${suffix}`;
}

/**
 * XLSX through exceljs's streaming writer: rows are written to the zip as they are committed (no shared strings, so
 * nothing grows with the rows). Before reading the next batch the writer waits while the client is behind, so at
 * most a batch or two wait in memory; when the client goes away, no further batch is read.
 */
export function xlsxStream<Row>(
  title: string,
  columns: readonly ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  log: FastifyRequest['log'],
  sheetRows = XLSX_SHEET_ROWS,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const addSheet = (part: number) => {
    const sheet = workbook.addWorksheet(sheetName(title, part), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => {
      const kind = c.kind ?? 'text';
      const numFmt = NUMBER_FORMATS[kind];
      return { key: String(i), width: Math.max(WIDTHS[kind], c.label.length + 2), ...(numFmt ? { style: { numFmt } } : {}) };
    });
    const header = sheet.addRow(columns.map((c) => c.label));
    header.font = { bold: true };
    header.commit();
    return sheet;
  };
  const gone = () => out.destroyed;
  void (async () => {
    let part = 1;
    let sheet = addSheet(part);
    let onSheet = 0;
    for await (const rows of batches) {
      if (gone()) return;
      for (const row of rows) {
        if (onSheet === sheetRows) {
          sheet.commit();
          sheet = addSheet(++part);
          onSheet = 0;
        }
        sheet.addRow(columns.map((c) => xlsxValue(c.kind ?? 'text', c.value(row)))).commit();
        onSheet++;
      }
      await caughtUp(out, sheet);
    }
    if (gone()) return;
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    log.error({ err: error }, 'list export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

// ---- Sending ----

/** The organization's words for the column labels; the default words for an export spanning organizations. */
async function labelsOf(db: DbOrTx, scope: TenantScope): Promise<LabelSet> {
  if (scope.kind !== 'organization') return labelsFor(null);
  const [org] = await db
    .select({ industry: organizations.industry, labelOverrides: organizations.labelOverrides })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId));
  return labelsFor(org?.industry, org?.labelOverrides);
}

/** The Organization column of an export spanning organizations: names looked up batch by batch, each once. */
function withOrganizationNames<Row>(db: DbOrTx, list: ListExport<Row>, organizationOf: (row: Row) => number | null) {
  const names = new Map<number, string>();
  const read: BatchReader<Row> = async (after, limit) => {
    const batch = await list.read(after, limit);
    const missing = [...new Set(batch.rows.map(organizationOf))].filter((id): id is number => id !== null && !names.has(id));
    if (missing.length > 0) {
      for (const o of await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, missing))) names.set(o.id, o.name);
    }
    return batch;
  };
  const column: ExportColumn<Row> = { label: 'Organization', value: (row) => names.get(organizationOf(row) ?? 0) ?? null };
  return { read, column };
}

/** `invoices-2026-11-28.csv`: the list and today's UTC date. */
export function exportFileName(name: string, format: ListExportFormat, now = new Date()): string {
  return `${name}-${utcDate(now)}.${format}`;
}

/**
 * Answers the list's export. `making` builds the list's query first, so bad input (an unknown sort, a bad filter)
 * still answers 400 as JSON; after the headers, a failure (the database gone) cuts the download short rather than
 * leaving a file that looks whole.
 */
export async function sendListExport<Row>(db: DbOrTx, req: FastifyRequest, reply: FastifyReply, query: ListExportQuery, making: Promise<ListExport<Row>>): Promise<FastifyReply> {
  const list = await making;
  const scope = tenantScope(requireCtx(req), query.organizationId);
  const labels = await labelsOf(db, scope);
  const named = scope.kind === 'all' && list.organizationOf ? withOrganizationNames(db, list, list.organizationOf) : null;
  const columns = [...(named ? [named.column] : []), ...list.columns(labels)];
  const batches = batchesOf(named ? named.read : list.read);
  const body = query.format === 'xlsx' ? xlsxStream(list.title(labels), columns, batches, req.log) : csvStream(columns, batches);
  return reply
    .type(LIST_EXPORT_CONTENT_TYPES[query.format])
    .header('Content-Disposition', `attachment; filename="${exportFileName(list.fileName, query.format)}"`)
    .header('Cache-Control', 'private, no-store')
    .send(body);
}
