import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText, solidPng } from '../../features/documents/documents.test-kit';
import * as fontkit from 'fontkit';
import { parseDocumentFont, renderDocumentPdf, type PdfDocumentModel } from './document-pdf';

const model = (lines: number, extra: Partial<PdfDocumentModel> = {}): PdfDocumentModel => ({
  title: 'INVOICE',
  number: 'INV-00001',
  issuer: { name: "Zoë O'Brien Plumbing", lines: ['12 Pipe Rd', null, '  ', 'Springfield, IL 62701'] },
  recipient: { heading: 'Bill to', name: 'José Müller-Łódź', lines: ['Müller GmbH'] },
  details: [{ label: 'Due date', value: 'Nov 21, 2026' }],
  lineItems: Array.from({ length: lines }, (_, i) => ({ description: `Line ${i + 1}`, quantity: '1', rate: '$1.00', amount: '$1.00' })),
  totals: [
    { label: 'Total', value: `$${lines}.00`, strong: true },
    { label: 'Balance due', value: `$${lines}.00`, highlight: true },
  ],
  sections: [{ heading: 'Notes', text: 'Thank you' }],
  footer: 'Thank you for your business',
  ...extra,
});

describe('document PDF', () => {
  it('keeps a letter in the text layer after a document printed it only inside an accented one (z after ź)', () => {
    const font = parseDocumentFont(fontkit, 'DejaVuSans.ttf');
    // What a document with "Łódź" does first: its subset takes ź, whose parts (z and the accent) are fetched by number.
    const subset = font.createSubset();
    subset.includeGlyph(font.glyphForCodePoint(0x17a));
    subset.encode();
    // A later document's z still says which character it is, which is what its text layer is made from.
    expect(font.glyphForCodePoint(0x7a).codePoints).toEqual([0x7a]);
    expect(font.glyphForCodePoint(0x45).codePoints).toEqual([0x45]);
  });

  it('prints the names as written, with a readable logo or without an unreadable one', async () => {
    for (const logo of [solidPng(60, 20, [200, 40, 40]), Buffer.from('GIF89a not really'), null]) {
      const pdf = await renderDocumentPdf(model(3, { issuer: { name: "Zoë O'Brien Plumbing", logo, lines: [] } }));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain('José Müller-Łódź');
      expect(text).toContain("Zoë O'Brien Plumbing");
      expect(text).toContain('INV-00001');
    }
  });

  it('breaks 200 line items over pages with the table header on each, and renders quickly once warm', async () => {
    await renderDocumentPdf(model(200));
    const started = performance.now();
    const pdf = await renderDocumentPdf(model(200));
    const ms = performance.now() - started;
    console.info(`200-line document PDF (warm): ${ms.toFixed(0)} ms`);
    const pages = await pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(3);
    const text = await pdfText(pdf);
    expect(text.match(/DESCRIPTION/g)).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Line 200');
  });

  it('copes with an empty table, huge figures and text longer than a page', async () => {
    const long = 'word '.repeat(3000);
    const pdf = await renderDocumentPdf(
      model(0, {
        number: 'INV-'.padEnd(60, '9'),
        lineItems: [{ description: long.slice(0, 2000), quantity: '99999999.99', rate: '$99,999,999.99', amount: '$99,999,999.99' }],
        sections: [{ heading: 'Notes', text: long }],
      }),
    );
    expect(await pdfPageCount(pdf)).toBeGreaterThan(1);
    expect(await pdfText(await renderDocumentPdf(model(0)))).toContain('No line items');
  });

  it('prints Chinese, Japanese and Korean names beside Latin ones, each character in a font that has it', async () => {
    const names = ['王小明', '山田太郎', '김민준', 'José Müller'];
    const pdf = await renderDocumentPdf(
      model(2, {
        issuer: { name: '山田工務店', lines: ['東京都千代田区1-2-3'] },
        recipient: { heading: 'Bill to', name: `王小明 · José Müller`, lines: ['山田太郎', '김민준 님'] },
        lineItems: [{ description: '配管修理 for 김민준', quantity: '1', rate: '$1.00', amount: '$1.00' }],
      }),
    );
    const text = pdftotext(pdf);
    for (const name of [...names, '山田工務店', '配管修理 for 김민준']) expect(text).toContain(name);

    // Extracted text alone would pass with invisible glyphs or empty boxes (both keep the characters):
    // the ink on the page must follow the characters' strokes. 鬱 and 뷁 have many strokes, 一 and 이 few.
    const ink = async (name: string) => inkOnPage(await renderDocumentPdf(model(0, { recipient: { heading: 'Bill to', name, lines: [] } })));
    const blank = await ink('');
    for (const [dense, sparse] of [
      ['鬱鬱鬱鬱', '一一一一'],
      ['뷁뷁뷁뷁', '이이이이'],
    ]) {
      const denseInk = (await ink(dense)) - blank;
      const sparseInk = (await ink(sparse)) - blank;
      expect(sparseInk).toBeGreaterThan(0);
      expect(denseInk).toBeGreaterThan(sparseInk * 1.2); // empty boxes: exactly the same ink for both
    }
  });

  it('prints hostile text without failing: lone surrogates, emoji, controls, scripts no font has, CJK in bold and right-aligned cells', async () => {
    const hostile = ['\ud800王\udfff', '😀👍🏽 王', 'a\u0000b\u200b\u202e김', 'עברית العربية ქართული', '𠀀𪚥 rare ideographs', '\t王\n\n小明\r\n'];
    const pdf = await renderDocumentPdf(
      model(0, {
        issuer: { name: hostile.join(' '), lines: hostile },
        recipient: { heading: '宛先', name: '王小明', lines: hostile },
        details: [{ label: '期日', value: '山田太郎 · 김민준' }],
        lineItems: hostile.map((h) => ({ description: h.repeat(20), quantity: '一', rate: '¥1,000', amount: '₩1,000' })),
        totals: [{ label: '合計', value: '¥6,000', highlight: true }],
        sections: [{ heading: '備考', text: hostile.join('\n').repeat(30) }],
        footer: hostile.join(' '),
      }),
    );
    const text = pdftotext(pdf);
    for (const s of ['王小明', '山田太郎', '김민준', '合計']) expect(text).toContain(s);
  });

  it('embeds no CJK font in a document of Latin text', async () => {
    const fonts = execFileSync('pdffonts', ['-'], { input: await renderDocumentPdf(model(3)) }).toString();
    expect(fonts).toContain('DejaVuSans');
    expect(fonts).not.toContain('NotoSans');
  });
});

/** Debian's poppler-utils: the text as a reader's viewer extracts it. */
function pdftotext(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
}

/** The ink on page 1 rendered at 100 dpi (pdftoppm, greyscale PGM): the sum of every pixel's darkness. */
function inkOnPage(pdf: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-ink-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', '100', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    const pgm = fs.readFileSync(path.join(dir, 'page.pgm'));
    // "P5\n<w> <h>\n255\n" then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const pixels = pgm.subarray(header[0].length);
    let ink = 0;
    for (const p of pixels) ink += 255 - p;
    return ink;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
