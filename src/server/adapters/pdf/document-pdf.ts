// Business documents (invoices, estimates) as PDF, made with pdfkit and an embedded Unicode font
// (DejaVu Sans from the dejavu-fonts-ttf package) with a per-glyph fallback to Noto Sans SC and KR for Chinese,
// Japanese and Korean (font-fallback.ts), so any name prints as written. Generic: it takes a
// plain model of display strings and knows nothing of the database. Text is only ever printed as text.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type PDFKit from 'pdfkit';
import { installFontFallback, loadFallbackFonts } from './font-fallback';

export interface PdfLine {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
}

export interface PdfDocumentModel {
  /** 'INVOICE', 'ESTIMATE' */
  title: string;
  /** The stored document number. */
  number: string;
  /** A headline above the table (an estimate's title), optional. */
  subject?: string | null;
  /** A paragraph under the headline (an estimate's scope), optional. */
  summary?: string | null;
  issuer: {
    name: string;
    /** PNG or JPEG bytes; anything pdfkit cannot read is left out. */
    logo?: Buffer | null;
    /** Address lines, phone, e-mail, website: printed in order, blanks skipped. */
    lines: (string | null | undefined)[];
  };
  recipient: { heading: string; name: string; lines: (string | null | undefined)[] };
  /** Label/value pairs beside the recipient: dates, terms, status. */
  details: { label: string; value: string }[];
  lineItems: PdfLine[];
  /** Label/value rows under the table; `strong` rows are emphasized, `highlight` boxed. */
  totals: { label: string; value: string; strong?: boolean; highlight?: boolean }[];
  /** Notes, terms and the like, printed after the totals. */
  sections: { heading: string; text: string | null | undefined }[];
  /** Printed at the bottom of every page with the page count. */
  footer?: string | null;
  /** Checklists filled in on a job: each item with its answer (and a small photo when there is one), and a closing note. */
  checklists?: PdfChecklist[];
  /** A signed approval: the drawn signature (strokes in a width x height box) and lines naming who, when and where from. */
  signature?: { heading: string; drawing: { width: number; height: number; strokes: [number, number][][] } | null; lines: string[] } | null;
}

export interface PdfChecklist {
  name: string;
  rows: { label: string; answer: string; image?: Buffer | null }[];
  /** Under the rows: who completed it and when, or how far it got. */
  note: string;
}

const require = createRequire(import.meta.url);
type ParsedFont = Fontkit.Font;
let fonts: { regular: ParsedFont; bold: ParsedFont } | null = null;

/** pdfkit and fontkit take ~0.5 s to import: loaded on the first document, not at server start. */
let libs: { fontkit: typeof Fontkit; PDFDocument: typeof PDFKit } | null = null;
async function loadLibs() {
  if (!libs) {
    const [fontkit, pdfkit] = await Promise.all([import('fontkit'), import('pdfkit')]);
    libs = { fontkit: fontkit as unknown as typeof Fontkit, PDFDocument: pdfkit.default };
  }
  return libs;
}

/**
 * fontkit keeps each glyph it has made, with the characters it was first asked for. A PDF's subset fetches the parts
 * of a composite glyph by number alone (the z of ź, the E of É), so once one document printed "Łódź" before any
 * printed a plain z, every later document's text layer had no z (copying, searching and screen readers got "lod!").
 * Making every mapped glyph from its character first, once, keeps those characters on the shared fonts.
 */
export function parseDocumentFont(fontkit: typeof Fontkit, file: string): ParsedFont {
  const font = fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  return font;
}

/**
 * The font files, read and parsed once from the font package. Parsing is most of the cost of a small
 * document, so every document shares the parsed fonts (pdfkit makes its own subset per document).
 */
function loadFonts(fontkit: typeof Fontkit) {
  fonts ??= { regular: parseDocumentFont(fontkit, 'DejaVuSans.ttf'), bold: parseDocumentFont(fontkit, 'DejaVuSans-Bold.ttf') };
  return fonts;
}

const PAGE = { width: 612, height: 792, margin: 48, bottom: 36 };
const CONTENT_W = PAGE.width - PAGE.margin * 2;
const RIGHT = PAGE.width - PAGE.margin;
const FOOTER_H = 28;
const BODY_BOTTOM = PAGE.height - PAGE.bottom - FOOTER_H;

const C = {
  text: '#1f2937',
  muted: '#6b7280',
  accent: '#1e3a5f',
  accentSoft: '#e8eef6',
  border: '#d9dee5',
  zebra: '#f7f8fa',
  white: '#ffffff',
};

/** Table columns: description takes what the numbers leave. */
const COLS = (() => {
  const qtyW = 60;
  const rateW = 96;
  const amountW = 100;
  const descW = CONTENT_W - qtyW - rateW - amountW;
  const x0 = PAGE.margin;
  return {
    desc: { x: x0, w: descW },
    qty: { x: x0 + descW, w: qtyW },
    rate: { x: x0 + descW + qtyW, w: rateW },
    amount: { x: x0 + descW + qtyW + rateW, w: amountW },
  };
})();
const CELL_PAD = 8;
const ROW_PAD_Y = 6;
const TABLE_FONT = 9.5;

type Doc = InstanceType<typeof PDFKit>;

const present = (lines: (string | null | undefined)[]) => lines.map((l) => (l ?? '').trim()).filter((l) => l.length > 0);

export async function renderDocumentPdf(model: PdfDocumentModel): Promise<Buffer> {
  const { fontkit, PDFDocument } = await loadLibs();
  const f = loadFonts(fontkit);
  await loadFallbackFonts(fontkit, f.regular, textsOf(model));
  const doc = new PDFDocument({
    size: 'LETTER',
    // The bottom margin keeps flowing text (long notes) clear of the footer.
    margins: { top: PAGE.margin, bottom: PAGE.bottom + FOOTER_H, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: `${model.title} ${model.number}`, Author: model.issuer.name, Creator: 'Tradebook' },
  });
  // pdfkit takes a parsed fontkit font as well as bytes; its types only list the bytes.
  doc.registerFont('Body', f.regular as unknown as Buffer);
  doc.registerFont('Bold', f.bold as unknown as Buffer);
  // pdfkit's font objects for the two Latin fonts, so the fallback knows which weight a run is in.
  const fontObject = (name: string) => (doc.font(name) as unknown as { _font: unknown })._font;
  const primary = new Map<unknown, { font: ParsedFont; weight: 400 | 700 }>([
    [fontObject('Bold'), { font: f.bold, weight: 700 }],
    [fontObject('Body'), { font: f.regular, weight: 400 }],
  ]);
  installFontFallback(doc, primary);

  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = header(doc, model);
  y = parties(doc, model, y + 22);
  if (model.subject?.trim()) {
    doc.font('Bold').fontSize(11).fillColor(C.text);
    doc.text(model.subject.trim(), PAGE.margin, y + 16, { width: CONTENT_W });
    y = doc.y;
  }
  if (model.summary?.trim()) {
    doc.font('Body').fontSize(9.5).fillColor(C.text);
    doc.text(model.summary.trim(), PAGE.margin, y + 6, { width: CONTENT_W });
    y = doc.y;
  }
  y = table(doc, model.lineItems, y + 18);
  y = totals(doc, model.totals, y + 14);
  y = sections(doc, model.sections, y + 20);
  if (model.checklists?.length) y = checklists(doc, model.checklists, y + 4);
  if (model.signature) signatureBlock(doc, model.signature, y + 4);
  footers(doc, model);
  doc.end();
  return done;
}

/** Every string the document prints, for loading the fonts it needs before layout. */
function textsOf(m: PdfDocumentModel): (string | null | undefined)[] {
  return [
    m.title,
    m.number,
    m.subject,
    m.summary,
    m.issuer.name,
    ...m.issuer.lines,
    m.recipient.heading,
    m.recipient.name,
    ...m.recipient.lines,
    ...m.details.flatMap((d) => [d.label, d.value]),
    ...m.lineItems.flatMap((l) => [l.description, l.quantity, l.rate, l.amount]),
    ...m.totals.flatMap((t) => [t.label, t.value]),
    ...m.sections.flatMap((s) => [s.heading, s.text]),
    m.footer,
    ...(m.checklists ?? []).flatMap((c) => [c.name, c.note, ...c.rows.flatMap((r) => [r.label, r.answer])]),
    m.signature?.heading,
    ...(m.signature?.lines ?? []),
  ];
}

/** Issuer on the left (logo, name, contact lines); document title and number on the right. */
function header(doc: Doc, model: PdfDocumentModel): number {
  const leftW = 300;
  let y = PAGE.margin;
  const logo = openLogo(doc, model.issuer.logo);
  if (logo) {
    const scale = Math.min(160 / logo.width, 48 / logo.height, 1);
    const w = logo.width * scale;
    const h = logo.height * scale;
    doc.image(logo as unknown as Buffer, PAGE.margin, y, { width: w, height: h });
    y += h + 10;
  }
  doc.font('Bold').fontSize(15).fillColor(C.text);
  doc.text(model.issuer.name, PAGE.margin, y, { width: leftW });
  y = doc.y + 3;
  doc.font('Body').fontSize(9).fillColor(C.muted);
  for (const line of present(model.issuer.lines)) {
    doc.text(line, PAGE.margin, y, { width: leftW });
    y = doc.y + 1;
  }

  const rightX = PAGE.margin + leftW + 10;
  const rightW = RIGHT - rightX;
  // An organization's word for the document may be longer than INVOICE ("TREATMENT PLAN", "PROFESSIONAL BILL"):
  // the title shrinks to stay on one line, down to a size that still reads as the title.
  doc.font('Bold').fillColor(C.accent);
  let titleSize = 24;
  while (titleSize > 14 && doc.fontSize(titleSize).widthOfString(model.title, { characterSpacing: 1.5 }) > rightW) titleSize -= 1;
  doc.text(model.title, rightX, PAGE.margin - 4, { width: rightW, align: 'right', characterSpacing: 1.5 });
  doc.font('Body').fontSize(11).fillColor(C.text);
  doc.text(model.number, rightX, doc.y + 2, { width: rightW, align: 'right' });
  const rightBottom = doc.y;

  const bottom = Math.max(y, rightBottom) + 12;
  doc.moveTo(PAGE.margin, bottom).lineTo(RIGHT, bottom).lineWidth(1).strokeColor(C.border).stroke();
  return bottom;
}

function openLogo(doc: Doc, bytes: Buffer | null | undefined): { width: number; height: number } | null {
  if (!bytes || bytes.length === 0) return null;
  try {
    const img = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(bytes);
    return img.width > 0 && img.height > 0 ? img : null;
  } catch {
    return null; // GIF, WebP or damaged bytes: the document goes out without the logo.
  }
}

/** Recipient on the left, details (dates, terms, status) on the right. */
function parties(doc: Doc, model: PdfDocumentModel, top: number): number {
  const leftW = 280;
  doc.font('Bold').fontSize(8).fillColor(C.muted);
  doc.text(model.recipient.heading.toUpperCase(), PAGE.margin, top, { width: leftW, characterSpacing: 0.8 });
  doc.font('Bold').fontSize(11).fillColor(C.text);
  doc.text(model.recipient.name, PAGE.margin, doc.y + 4, { width: leftW });
  doc.font('Body').fontSize(9.5).fillColor(C.text);
  for (const line of present(model.recipient.lines)) doc.text(line, PAGE.margin, doc.y + 1, { width: leftW });
  const leftBottom = doc.y;

  const x = PAGE.margin + 300;
  const w = RIGHT - x;
  let y = top;
  for (const d of model.details) {
    doc.font('Body').fontSize(9).fillColor(C.muted);
    doc.text(d.label, x, y, { width: 100 });
    doc.font('Bold').fontSize(9.5).fillColor(C.text);
    const vh = doc.heightOfString(d.value, { width: w - 100 });
    doc.text(d.value, x + 100, y, { width: w - 100, align: 'right' });
    y += Math.max(vh, 12) + 5;
  }
  return Math.max(leftBottom, y);
}

function tableHeader(doc: Doc, y: number): number {
  const h = 22;
  doc.rect(PAGE.margin, y, CONTENT_W, h).fill(C.accent);
  doc.font('Bold').fontSize(8.5).fillColor(C.white);
  const ty = y + 7;
  doc.text('DESCRIPTION', COLS.desc.x + CELL_PAD, ty, { width: COLS.desc.w - CELL_PAD * 2, lineBreak: false, characterSpacing: 0.5 });
  doc.text('QTY', COLS.qty.x, ty, { width: COLS.qty.w - CELL_PAD, align: 'right', lineBreak: false, characterSpacing: 0.5 });
  doc.text('RATE', COLS.rate.x, ty, { width: COLS.rate.w - CELL_PAD, align: 'right', lineBreak: false, characterSpacing: 0.5 });
  doc.text('AMOUNT', COLS.amount.x, ty, { width: COLS.amount.w - CELL_PAD, align: 'right', lineBreak: false, characterSpacing: 0.5 });
  return y + h;
}

/** Right-aligned text in one line, shrunk to fit the cell when a figure is too wide for it. */
function cellText(doc: Doc, text: string, x: number, y: number, width: number, size: number) {
  doc.fontSize(size);
  const w = doc.widthOfString(text);
  if (w > width) doc.fontSize(Math.max(5, (size * width) / w));
  doc.text(text, x, y, { width, align: 'right', lineBreak: false });
  doc.fontSize(size);
}

/** The line items; the header repeats on every page the table runs onto. */
function table(doc: Doc, lines: PdfLine[], top: number): number {
  const descW = COLS.desc.w - CELL_PAD * 2;
  const maxTextH = BODY_BOTTOM - PAGE.margin - 22 - ROW_PAD_Y * 2;
  doc.font('Body').fontSize(TABLE_FONT);
  const oneLine = doc.heightOfString('X', { width: descW });
  // Wrapping is the costly part; a description that fits on one line needs no trial wrap.
  const heights = lines.map((line) =>
    !/[\r\n]/.test(line.description) && doc.widthOfString(line.description) <= descW
      ? oneLine
      : Math.min(doc.heightOfString(line.description || ' ', { width: descW }), maxTextH),
  );
  let y = top;
  // The header never stands alone at the foot of a page: it moves with the first row.
  if (y + 22 + (heights[0] ?? 14) + ROW_PAD_Y * 2 > BODY_BOTTOM) y = newPage(doc);
  y = tableHeader(doc, y);
  if (lines.length === 0) {
    doc.font('Body').fontSize(TABLE_FONT).fillColor(C.muted);
    doc.text('No line items', COLS.desc.x + CELL_PAD, y + ROW_PAD_Y, { width: descW });
    y += 14 + ROW_PAD_Y * 2;
    doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(C.border).stroke();
    return y;
  }
  lines.forEach((line, i) => {
    // A description longer than a page is cut with an ellipsis rather than breaking the layout.
    const textH = heights[i];
    const rowH = textH + ROW_PAD_Y * 2;
    if (y + rowH > BODY_BOTTOM) {
      y = tableHeader(doc, newPage(doc));
    }
    // Inset by the rule's width so the fill does not cover the line above.
    if (i % 2 === 1) doc.rect(PAGE.margin, y + 0.5, CONTENT_W, rowH - 0.5).fill(C.zebra);
    doc.fillColor(C.text).font('Body').fontSize(TABLE_FONT);
    doc.text(line.description, COLS.desc.x + CELL_PAD, y + ROW_PAD_Y, { width: descW, height: textH, ellipsis: true });
    const numY = y + ROW_PAD_Y;
    cellText(doc, line.quantity, COLS.qty.x, numY, COLS.qty.w - CELL_PAD, TABLE_FONT);
    cellText(doc, line.rate, COLS.rate.x + 4, numY, COLS.rate.w - CELL_PAD - 4, TABLE_FONT);
    cellText(doc, line.amount, COLS.amount.x + 4, numY, COLS.amount.w - CELL_PAD - 4, TABLE_FONT);
    y += rowH;
    doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(C.border).stroke();
  });
  return y;
}

/** Subtotal, tax, total, balance: a right-aligned block kept on one page. */
function totals(doc: Doc, rows: PdfDocumentModel['totals'], top: number): number {
  const w = 250;
  const x = RIGHT - w;
  const rowH = 20;
  let y = top;
  if (y + rows.length * rowH + 8 > BODY_BOTTOM) y = newPage(doc);
  for (const r of rows) {
    if (r.highlight) {
      doc.rect(x, y, w, rowH + 4).fill(C.accentSoft);
    } else if (r.strong) {
      doc.moveTo(x, y).lineTo(RIGHT, y).lineWidth(1).strokeColor(C.text).stroke();
    }
    const h = r.highlight ? rowH + 4 : rowH;
    const ty = y + (h - 11) / 2;
    doc.font(r.strong || r.highlight ? 'Bold' : 'Body').fontSize(r.highlight ? 11 : 10).fillColor(r.highlight ? C.accent : C.text);
    doc.text(r.label, x + CELL_PAD, ty, { width: 110, lineBreak: false });
    cellText(doc, r.value, x + 120, ty, w - 120 - CELL_PAD, r.highlight ? 11 : 10);
    y += h;
  }
  return y;
}

/** Notes and terms; long text flows onto further pages (a heading keeps at least two lines with it). */
function sections(doc: Doc, list: PdfDocumentModel['sections'], top: number): number {
  let y = top;
  for (const s of list) {
    const text = (s.text ?? '').trim();
    if (!text) continue;
    doc.font('Body').fontSize(9.5);
    const keep = 16 + Math.min(doc.heightOfString(text, { width: CONTENT_W }), doc.currentLineHeight(true) * 2);
    if (y + keep > BODY_BOTTOM) y = newPage(doc);
    doc.font('Bold').fontSize(8).fillColor(C.muted);
    doc.text(s.heading.toUpperCase(), PAGE.margin, y, { width: CONTENT_W, characterSpacing: 0.8 });
    doc.font('Body').fontSize(9.5).fillColor(C.text);
    doc.text(text, PAGE.margin, doc.y + 4, { width: CONTENT_W });
    y = doc.y + 16;
  }
  return y;
}

const CHECK = {
  labelW: Math.round(CONTENT_W * 0.58),
  font: 9.5,
  photo: { width: 120, height: 90 },
  /** An answer longer than this prints under its item, across the page. */
  wideAfter: 90,
  /** An answer this short prints in bold (Yes, No, a number); longer text in the body font. */
  boldUpTo: 40,
};

/**
 * Each checklist: its name, a row per item (the item on the left, the answer on the right; a long text answer under its
 * item across the page; a photo under its answer), then the note. Rows break across pages; the name never stands alone
 * at the foot of one.
 */
function checklists(doc: Doc, list: PdfChecklist[], top: number): number {
  const labelW = CHECK.labelW - CELL_PAD * 2;
  const answerX = PAGE.margin + CHECK.labelW;
  const answerW = CONTENT_W - CHECK.labelW - CELL_PAD * 2;
  const fullW = CONTENT_W - CELL_PAD * 2;
  const maxTextH = BODY_BOTTOM - PAGE.margin - ROW_PAD_Y * 2 - CHECK.photo.height - 60;
  const measure = (text: string, font: 'Body' | 'Bold', width: number) => Math.min(doc.font(font).fontSize(CHECK.font).heightOfString(text || ' ', { width }), maxTextH);
  let y = top;
  for (const c of list) {
    const rows = c.rows.map((r) => {
      const image = openLogo(doc, r.image);
      const wide = r.answer.length > CHECK.wideAfter;
      const font: 'Body' | 'Bold' = r.answer.length <= CHECK.boldUpTo ? 'Bold' : 'Body';
      const labelH = measure(r.label, 'Body', wide ? fullW : labelW);
      const answerH = measure(r.answer, font, wide ? fullW : answerW);
      const imageH = image ? Math.min(CHECK.photo.height, (image.height * CHECK.photo.width) / image.width) + 4 : 0;
      const height = (wide ? labelH + 4 + answerH + imageH : Math.max(labelH, answerH + imageH)) + ROW_PAD_Y * 2;
      return { ...r, image, wide, font, labelH, answerH, height };
    });
    doc.font('Bold').fontSize(11);
    const headingH = 12 + doc.heightOfString(c.name, { width: CONTENT_W }) + 6;
    if (y + headingH + (rows[0]?.height ?? 0) > BODY_BOTTOM) y = newPage(doc);
    doc.font('Bold').fontSize(8).fillColor(C.muted);
    doc.text('CHECKLIST', PAGE.margin, y, { width: CONTENT_W, characterSpacing: 0.8 });
    doc.font('Bold').fontSize(11).fillColor(C.text);
    doc.text(c.name, PAGE.margin, doc.y + 2, { width: CONTENT_W });
    y = doc.y + 6;
    doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(C.border).stroke();
    rows.forEach((r, i) => {
      if (y + r.height > BODY_BOTTOM) {
        // The checklist's name again at the top of the page it runs onto.
        y = newPage(doc);
        doc.font('Bold').fontSize(8).fillColor(C.muted);
        doc.text(`${c.name} (continued)`.toUpperCase(), PAGE.margin, y, { width: CONTENT_W, characterSpacing: 0.8 });
        y = doc.y + 6;
        doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(C.border).stroke();
      }
      if (i % 2 === 1) doc.rect(PAGE.margin, y + 0.5, CONTENT_W, r.height - 0.5).fill(C.zebra);
      doc.font('Body').fontSize(CHECK.font).fillColor(C.text);
      doc.text(r.label, PAGE.margin + CELL_PAD, y + ROW_PAD_Y, { width: r.wide ? fullW : labelW, height: r.labelH, ellipsis: true });
      const ax = r.wide ? PAGE.margin + CELL_PAD : answerX + CELL_PAD;
      const ay = r.wide ? y + ROW_PAD_Y + r.labelH + 4 : y + ROW_PAD_Y;
      doc.font(r.font).fontSize(CHECK.font).fillColor(r.answer === '—' ? C.muted : C.text);
      doc.text(r.answer, ax, ay, { width: r.wide ? fullW : answerW, height: r.answerH, ellipsis: true });
      if (r.image) {
        const scale = Math.min(CHECK.photo.width / r.image.width, CHECK.photo.height / r.image.height);
        doc.image(r.image as unknown as Buffer, ax, ay + r.answerH + 4, { width: r.image.width * scale, height: r.image.height * scale });
      }
      y += r.height;
      doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(C.border).stroke();
    });
    doc.font('Body').fontSize(9).fillColor(C.muted);
    if (y + 20 > BODY_BOTTOM) y = newPage(doc);
    doc.text(c.note, PAGE.margin, y + 6, { width: CONTENT_W });
    y = doc.y + 18;
  }
  return y;
}

const SIGNATURE_BOX = { width: 220, height: 70 };

/** The approval: the signature drawn as it was (scaled into a box, kept whole on one page), a line, then who and when. */
function signatureBlock(doc: Doc, block: NonNullable<PdfDocumentModel['signature']>, top: number): void {
  let y = top;
  const need = 16 + SIGNATURE_BOX.height + 10 + block.lines.length * 13;
  if (y + need > BODY_BOTTOM) y = newPage(doc);
  doc.font('Bold').fontSize(8).fillColor(C.muted);
  doc.text(block.heading.toUpperCase(), PAGE.margin, y, { width: CONTENT_W, characterSpacing: 0.8 });
  y = doc.y + 4;
  const d = block.drawing;
  if (d) {
    const scale = Math.min(SIGNATURE_BOX.width / d.width, SIGNATURE_BOX.height / d.height);
    doc.save();
    doc.lineWidth(1.4).strokeColor(C.text).lineCap('round').lineJoin('round');
    for (const stroke of d.strokes) {
      const [first, ...rest] = stroke;
      const x0 = PAGE.margin + first[0] * scale;
      const y0 = y + first[1] * scale;
      doc.moveTo(x0, y0);
      // A single point is a dot: a tiny segment so the round cap shows it.
      if (rest.length === 0) doc.lineTo(x0 + 0.5, y0);
      for (const [px, py] of rest) doc.lineTo(PAGE.margin + px * scale, y + py * scale);
      doc.stroke();
    }
    doc.restore();
  }
  y += SIGNATURE_BOX.height + 4;
  doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + SIGNATURE_BOX.width + 40, y).lineWidth(0.75).strokeColor(C.border).stroke();
  doc.font('Body').fontSize(9).fillColor(C.text);
  let ly = y + 6;
  for (const line of block.lines) {
    doc.text(line, PAGE.margin, ly, { width: CONTENT_W });
    ly = doc.y + 2;
  }
}

function newPage(doc: Doc): number {
  doc.addPage();
  return PAGE.margin;
}

/** "Page 1 of 3" and the footer text, drawn on every page once the page count is known. */
function footers(doc: Doc, model: PdfDocumentModel): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.bottom - 10;
    doc.moveTo(PAGE.margin, y - 8).lineTo(RIGHT, y - 8).lineWidth(0.5).strokeColor(C.border).stroke();
    doc.font('Body').fontSize(8).fillColor(C.muted);
    const label = `${model.title.charAt(0)}${model.title.slice(1).toLowerCase()} ${model.number}`;
    const text = model.footer ? `${label} · ${model.footer}` : label;
    doc.text(text.length > 110 ? `${text.slice(0, 109)}…` : text, PAGE.margin, y, { width: CONTENT_W - 100, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, RIGHT - 90, y, { width: 90, align: 'right', lineBreak: false });
    doc.page.margins.bottom = saved;
  }
}
