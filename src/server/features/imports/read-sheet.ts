// The rows of an uploaded spreadsheet as text cells under their header (docs/rules/data-exchange.md#reading-the-file):
// CSV through csv-parse, the first worksheet of an XLSX through exceljs's streaming reader, so neither the whole
// workbook's object model nor a second copy of the file is ever held.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../../contracts/imports';
import { AppError, invalid } from '../../platform/errors';
import { isUtf16, XLSX_TYPE, type SpreadsheetType } from './detect-spreadsheet';
import { xlsxPartsFirst } from './xlsx-parts-first';

export interface SheetRow {
  /** The row's number as the spreadsheet shows it (the header is row 1 when nothing is above it). */
  row: number;
  /** One trimmed text per column. */
  cells: string[];
  /** The first column past the header's last that holds something, else null. */
  overflow: number | null;
}

export interface Sheet {
  columns: string[];
  rows: SheetRow[];
}

/** A, B, ... Z, AA: a column as the spreadsheet names it. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Text a spreadsheet would run as a formula, made inert by our exports with a leading apostrophe, comes back as it was. */
const INERT = /^'(?=[=+\-@\t\r])/;

function cleanCell(value: string): string {
  return value.trim().replace(INERT, '');
}

/** Headers as names a mapping can use: blank ones named by their letter, repeated ones numbered. */
function uniqueHeaders(cells: string[]): string[] {
  let width = cells.length;
  while (width > 0 && !cells[width - 1]) width--;
  if (width > IMPORT_LIMITS.maxColumns) throw invalid(IMPORT_MESSAGES.tooManyColumns);
  const seen = new Map<string, number>();
  return cells.slice(0, width).map((cell, i) => {
    const base = cell || `Column ${columnLetter(i)}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** Non-blank rows looked at for a header of two or more cells before the first non-blank row is taken as it. */
const TITLE_LINES = 10;

/**
 * Collects records into a sheet. The header is the first row with two or more cells, so the title lines a report
 * export puts above its table (its name, the company, the date: one cell each) are passed over; a file whose first
 * rows all hold one cell has the first of them as its header. Blank rows are left out.
 */
class SheetBuilder {
  columns: string[] | null = null;
  rows: SheetRow[] = [];
  private waiting: { row: number; cells: string[] }[] = [];

  add(row: number, raw: string[]): void {
    const cells = raw.map(cleanCell);
    if (!cells.some(Boolean)) return;
    if (!this.columns) {
      if (cells.filter(Boolean).length >= 2) {
        this.columns = uniqueHeaders(cells);
        this.waiting = [];
        return;
      }
      this.waiting.push({ row, cells });
      if (this.waiting.length === TITLE_LINES) this.takeFirstAsHeader();
      return;
    }
    this.addRow(row, cells);
  }

  private takeFirstAsHeader(): void {
    const [header, ...rest] = this.waiting;
    this.columns = uniqueHeaders(header.cells);
    this.waiting = [];
    for (const r of rest) this.addRow(r.row, r.cells);
  }

  private addRow(row: number, cells: string[]): void {
    if (!this.columns) return;
    if (this.rows.length >= IMPORT_LIMITS.maxRows) throw invalid(IMPORT_MESSAGES.tooManyRows);
    const width = this.columns.length;
    let overflow: number | null = null;
    for (let i = width; i < cells.length; i++) {
      if (cells[i]) {
        overflow = i;
        break;
      }
    }
    const own = cells.length === width ? cells : cells.slice(0, width);
    while (own.length < width) own.push('');
    this.rows.push({ row, cells: own, overflow });
  }

  done(): Sheet {
    if (!this.columns && this.waiting.length > 0) this.takeFirstAsHeader();
    if (!this.columns) throw invalid(IMPORT_MESSAGES.noHeader);
    if (this.rows.length === 0) throw invalid(IMPORT_MESSAGES.noRows);
    return { columns: this.columns, rows: this.rows };
  }
}

/** UTF-8 (with or without its byte order mark), UTF-16 with one, else Windows-1252 (what Excel's plain "CSV" writes). */
export function decodeText(bytes: Buffer): string {
  const utf16 = isUtf16(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The delimiter the header line uses most: comma, semicolon (Excel where the decimal mark is a comma) or tab. */
function delimiterOf(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 65_536; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]++;
  }
  return Object.entries(counts).reduce((best, entry) => (entry[1] > best[1] ? entry : best), [',', 0])[0];
}

async function readCsv(bytes: Buffer): Promise<Sheet> {
  const text = decodeText(bytes);
  const parser = parse(text, { bom: true, delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  const sheet = new SheetBuilder();
  let row = 0;
  try {
    // A spreadsheet numbers records, not lines: a quoted cell running over several lines is still one row; a blank
    // line is a record too, so the count stays the spreadsheet's.
    for await (const record of parser as AsyncIterable<string[]>) sheet.add(++row, record);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // csv-parse's own errors (CSV_INVALID_CLOSING_QUOTE, ...) say on which line of the text it stopped.
    const line = (err as { lines?: unknown }).lines;
    throw invalid(`The file could not be read as CSV: a quote is out of place${typeof line === 'number' ? ` near line ${line}` : ''}`);
  }
  return sheet.done();
}

/** A cell as the text a person sees in it. */
function xlsxCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // A date without a time of day (how a date cell is stored) reads as the date alone.
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return xlsxCellText(v.result);
    if (v.text !== undefined) return xlsxCellText(v.text);
    if (v.error !== undefined) return '';
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  // Styles are read for dates (a date is a number with a date format); hyperlinks only for their text.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([xlsxPartsFirst(bytes)]), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const sheet = new SheetBuilder();
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(xlsxCellText(values[i]));
        sheet.add(row.number, cells);
      }
      // The first worksheet only.
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid('The workbook could not be read: save it again as .xlsx or .csv');
  }
  return sheet.done();
}

/** The header and the rows of the file (its detected type); 400 for a file without either, or with too many rows or columns. */
export function readSheet(bytes: Buffer, type: SpreadsheetType | string): Promise<Sheet> {
  return type === XLSX_TYPE ? readXlsx(bytes) : readCsv(bytes);
}
