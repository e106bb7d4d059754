// What an uploaded file really is, decided by its bytes (docs/rules/data-exchange.md#import-limits): an XLSX workbook
// (a zip holding xl/workbook.xml) or CSV text. The name and the declared type count for nothing.
import { unzipSync } from 'fflate';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../../contracts/imports';
import { AppError } from '../../platform/errors';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';

export type SpreadsheetType = typeof XLSX_TYPE | typeof CSV_TYPE;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The compound-file signature of the old binary .xls (and .doc). */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const unsupported = (message: string = IMPORT_MESSAGES.notSpreadsheet) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

/** The file's listed parts, from the zip's directory alone (nothing is unpacked); null when it is no zip. */
function zipEntries(bytes: Buffer): { names: Set<string>; unpacked: number } | null {
  const names = new Set<string>();
  let unpacked = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name);
        unpacked += file.originalSize;
        return false;
      },
    });
  } catch {
    return null;
  }
  return { names, unpacked };
}

/** The file's type, or 415 (413 for a workbook that would unpack beyond the limit). */
export function detectSpreadsheet(bytes: Buffer): SpreadsheetType {
  if (bytes.subarray(0, 4).equals(ZIP)) {
    const entries = zipEntries(bytes);
    if (!entries || !entries.names.has('xl/workbook.xml')) throw unsupported();
    // A zip's directory says how large each part unpacks to: a small file that would fill the memory is refused here.
    if (entries.unpacked > IMPORT_LIMITS.maxUnpackedBytes) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.unpackedTooLarge);
    return XLSX_TYPE;
  }
  if (bytes.subarray(0, 8).equals(OLE)) throw unsupported(IMPORT_MESSAGES.oldExcel);
  if (isUtf16(bytes)) return CSV_TYPE;
  // Text has no NUL byte; any binary format does.
  if (bytes.includes(0)) throw unsupported();
  return CSV_TYPE;
}

/** Excel's "Unicode text" and some exports are UTF-16 with a byte order mark. */
export function isUtf16(bytes: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}
