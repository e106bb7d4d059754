// The streaming reader needs the workbook before its worksheets (docs/rules/data-exchange.md#reading-the-file): an
// exceljs-written file, stored workbook last, is put in that order without changing a byte of any entry.
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSheet } from './read-sheet';
import { XLSX_TYPE } from './detect-spreadsheet';
import { xlsxPartsFirst } from './xlsx-parts-first';

async function twoSheets(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Customers');
  ws.addRow(['Name', 'Email']);
  ws.addRow(['Xavier Lopez', { text: 'xavier@example.com', hyperlink: 'mailto:xavier@example.com' }]);
  wb.addWorksheet('Ignored').addRow(['Other', 'Sheet']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const names = (bytes: Buffer) => Object.keys(unzipSync(new Uint8Array(bytes)));

describe('xlsxPartsFirst', () => {
  it('puts the workbook, shared strings and styles before the worksheets and keeps every entry as it was', async () => {
    const written = await twoSheets();
    // As exceljs stores it: the workbook last.
    expect(names(written).at(-1)).toBe('xl/workbook.xml');
    const ordered = xlsxPartsFirst(written);
    expect(names(ordered).slice(0, 7)).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      // A worksheet's hyperlinks just before it.
      'xl/worksheets/_rels/sheet1.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    expect(unzipSync(new Uint8Array(ordered))).toEqual(unzipSync(new Uint8Array(written)));
  });

  it('reads an exceljs-written workbook every time (the unordered file failed about one read in two hundred)', async () => {
    const written = await twoSheets();
    // At the one-in-two-hundred rate measured, 600 reads of the unordered file hold a failure 19 times in 20.
    for (let i = 0; i < 600; i++) {
      const sheet = await readSheet(written, XLSX_TYPE);
      expect(sheet.columns).toEqual(['Name', 'Email']);
      expect(sheet.rows.map((r) => r.cells)).toEqual([['Xavier Lopez', 'xavier@example.com']]);
    }
  });

  it('leaves what is no zip, or a zip it cannot follow, as it is', () => {
    const text = Buffer.from('Name,Email\nA,a@example.com\n');
    expect(xlsxPartsFirst(text)).toBe(text);
    const zip = Buffer.from(zipSync({ 'a.txt': new Uint8Array([1, 2, 3]) }));
    const damaged = Buffer.from(zip);
    // The central directory's offset no longer points at it.
    damaged.writeUInt32LE(0, zip.length - 22 + 16);
    expect(xlsxPartsFirst(damaged)).toBe(damaged);
  });
});
