// What every accounting format writes with (docs/rules/data-exchange.md#accounting-files): CSV and IIF rows, the
// US dates the importers read, files split where an importer takes only so many rows, and the zip around them.
import { zipSync, strToU8 } from 'fflate';
import { fromCents, type Cents } from '../../../contracts/money';
import { csvCell } from '../../platform/spreadsheet-cells';

export interface ExportFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** One file inside a zip. */
export interface ZipEntry {
  name: string;
  text: string;
}

/** 'YYYY-MM-DD' as MM/DD/YYYY, the date QuickBooks and a US Xero organization read. */
export function usDate(day: string): string {
  return `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
}

export const money = (cents: Cents) => fromCents(cents);

/**
 * A CSV file: RFC 4180 cells made inert (platform/spreadsheet-cells.ts), CRLF line ends, UTF-8 without a byte order
 * mark: the importers match the header row's names exactly, and a mark would become part of the first one.
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** An IIF field: a tab or line break would end the field or the row, so each becomes a space. */
export function iifField(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

export function iifText(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.map(iifField).join('\t')).join('\r\n') + '\r\n';
}

/**
 * Groups of rows (a document's lines stay together) split into files of at most `maxGroups` groups and `maxRows`
 * rows, the most an importer takes at once. A group longer than `maxRows` gets a file of its own.
 */
export function splitGroups<T>(groups: readonly T[][], limits: { maxGroups: number; maxRows: number }): T[][] {
  const files: T[][] = [];
  let current: T[] = [];
  let count = 0;
  for (const group of groups) {
    if (current.length > 0 && (count >= limits.maxGroups || current.length + group.length > limits.maxRows)) {
      files.push(current);
      current = [];
      count = 0;
    }
    current.push(...group);
    count++;
  }
  if (current.length > 0) files.push(current);
  return files;
}

/** `invoices.csv`, or `invoices-1.csv`, `invoices-2.csv` ... when split. */
export function csvEntries(base: string, header: readonly string[], groups: readonly string[][][], limits: { maxGroups: number; maxRows: number }): ZipEntry[] {
  const files = splitGroups(groups, limits);
  return files.map((rows, i) => ({ name: files.length === 1 ? `${base}.csv` : `${base}-${i + 1}.csv`, text: csvText(header, rows) }));
}

export function zipFile(fileName: string, entries: readonly ZipEntry[]): ExportFile {
  const files = Object.fromEntries(entries.map((e) => [e.name, strToU8(e.text)]));
  return { fileName, contentType: 'application/zip', data: Buffer.from(zipSync(files, { level: 6 })) };
}

/** quickbooks-online-2026-03-01-to-2026-03-31-export-7.zip: the period and the export, so two never share a name. */
export function exportFileName(slug: string, period: { from: string; to: string }, exportId: number, extension: string): string {
  return `${slug}-${period.from}-to-${period.to}-export-${exportId}.${extension}`;
}
