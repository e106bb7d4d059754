// exceljs's streaming reader sometimes loses a workbook's last zip entry (exceljs issue 3064, open upstream), and
// writers such as exceljs itself, and so Tradebook's own exports, store `xl/workbook.xml` last: about one read in two
// hundred of such a file then fails. The upload is in memory already (20 MB at most), so its entries are put in the
// order the reader needs, by copying each entry's stored bytes (nothing is inflated): the workbook's relationships, the
// workbook, its shared strings and styles, the worksheets by number, then everything the reader does not use, so
// that whatever comes last is nothing it needs (docs/rules/data-exchange.md#reading-the-file).

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: string;
  /** The central directory record, as stored. */
  record: Buffer;
  localOffset: number;
}

function rank(name: string): [number, number] {
  if (name === 'xl/_rels/workbook.xml.rels') return [0, 0];
  if (name === 'xl/workbook.xml') return [1, 0];
  if (name === 'xl/sharedStrings.xml') return [2, 0];
  if (name === 'xl/styles.xml') return [3, 0];
  const sheet = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name);
  if (sheet) return [4, Number(sheet[1])];
  const sheetRels = /^xl\/worksheets\/_rels\/sheet(\d+)\.xml\.rels$/.exec(name);
  if (sheetRels) return [4, Number(sheetRels[1]) - 0.5];
  return [5, 0];
}

function endOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes and may end with a comment of up to 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

function entriesOf(bytes: Buffer, eocd: number): Entry[] | null {
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const start = bytes.readUInt32LE(eocd + 16);
  // ZIP64 (a file this size never needs it) or a damaged directory: left as it is.
  if (count === 0xffff || start === 0xffffffff || start + size > eocd) return null;
  const entries: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const length = 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (localOffset + 30 > start || bytes.readUInt32LE(localOffset) !== LOCAL) return null;
    entries.push({ name: bytes.toString('utf8', at + 46, at + 46 + nameLength), record: bytes.subarray(at, at + length), localOffset });
    at += length;
  }
  return entries;
}

/** The same workbook with the parts the streaming reader needs first; the bytes as they are when they are no zip we know. */
export function xlsxPartsFirst(bytes: Buffer): Buffer {
  if (bytes.length < 22) return bytes;
  const eocd = endOfCentralDirectory(bytes);
  if (eocd < 0) return bytes;
  const entries = entriesOf(bytes, eocd);
  if (!entries) return bytes;
  const centralStart = bytes.readUInt32LE(eocd + 16);
  // Each entry's stored bytes (header, data and any data descriptor) run to the next entry's header.
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  const span = new Map<Entry, Buffer>();
  byOffset.forEach((e, i) => span.set(e, bytes.subarray(e.localOffset, i + 1 < byOffset.length ? byOffset[i + 1].localOffset : centralStart)));

  const ordered = entries
    .map((entry, index) => ({ entry, index, rank: rank(entry.name) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index)
    .map((x) => x.entry);
  const locals: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const entry of ordered) {
    const local = span.get(entry)!;
    const record = Buffer.from(entry.record);
    record.writeUInt32LE(offset, 42);
    locals.push(local);
    records.push(record);
    offset += local.length;
  }
  const end = Buffer.from(bytes.subarray(eocd));
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...records, end]);
}
