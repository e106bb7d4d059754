// Reading back the files the app writes for spreadsheets (list exports): CSV as rows of texts, XLSX through exceljs
// as rows of typed cell values with each cell's number format.
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';

/**
 * The CSV's rows (the byte order mark checked, not kept). Records must end in CRLF: a bare line feed outside quotes
 * would join two records into one with too many fields, which fails.
 */
export function csvRows(body: Buffer | string): string[][] {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('CSV without its UTF-8 byte order mark');
  if (!text.endsWith('\r\n')) throw new Error('CSV whose last record does not end in CRLF');
  return parse(text.slice(1), { recordDelimiter: '\r\n', relaxColumnCount: false }) as string[][];
}

export interface XlsxCell {
  value: ExcelJS.CellValue;
  numFmt: string | undefined;
}

export interface XlsxSheet {
  name: string;
  rows: XlsxCell[][];
}

/** Every sheet of the workbook, each row's cells from column A to its last (empty cells as null). */
export async function xlsxSheets(body: Buffer): Promise<XlsxSheet[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: XlsxCell[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const cells: XlsxCell[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) {
        const cell = row.getCell(c);
        cells.push({ value: cell.value ?? null, numFmt: cell.numFmt });
      }
      rows.push(cells);
    });
    return { name: sheet.name, rows };
  });
}

/** The first sheet's rows as plain values. */
export async function xlsxValues(body: Buffer): Promise<ExcelJS.CellValue[][]> {
  const [sheet] = await xlsxSheets(body);
  return (sheet?.rows ?? []).map((r) => r.map((c) => c.value));
}

interface Caller {
  call: (opts: { url: string; cookie?: string }) => Promise<{ statusCode: number; body: string; rawPayload: Buffer }>;
}

/** A list export's CSV as its header and rows (the call must answer 200). */
export async function exportedCsv(t: Caller, url: string, cookie: string): Promise<{ header: string[]; rows: string[][] }> {
  const res = await t.call({ url, cookie });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  const [header = [], ...rows] = csvRows(res.rawPayload);
  return { header, rows };
}

/** A list export's first XLSX sheet (the call must answer 200). */
export async function exportedSheet(t: Caller, url: string, cookie: string): Promise<XlsxSheet> {
  const res = await t.call({ url, cookie });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  const [sheet] = await xlsxSheets(res.rawPayload);
  if (!sheet) throw new Error(`${url}: a workbook without a sheet`);
  return sheet;
}

/** Each caller gets from the export the status the list gives them: the export has the list's permission. */
export async function expectListPermission(t: Caller, listPath: string, cookies: readonly string[]): Promise<void> {
  for (const cookie of cookies) {
    const list = (await t.call({ url: listPath, cookie })).statusCode;
    const exported = (await t.call({ url: `${listPath}/export`, cookie })).statusCode;
    if (exported !== list) throw new Error(`${listPath}/export answered ${exported} where the list answered ${list}`);
  }
  const anonymous = (await t.call({ url: `${listPath}/export` })).statusCode;
  if (anonymous !== 401) throw new Error(`${listPath}/export answered ${anonymous} without a session`);
}
