// Per-glyph font fallback for pdfkit (docs/decisions/009-cjk-font-in-pdfs.md). pdfkit prints a run of text
// in one font; DejaVu Sans has no Chinese, Japanese or Korean glyphs, so such names printed as empty boxes.
// Each character is printed in the first font that has it: the Latin font (DejaVu), then Noto Sans SC (Han
// ideographs, kana), then Noto Sans KR (hangul). The Noto fonts come from @fontsource, which ships each font as
// ~100 slices by Unicode range; only the slices a document uses are read, parsed (once per process) and embedded,
// so a document of Latin text never touches them and stays as fast as before.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type PDFKit from 'pdfkit';

const require = createRequire(import.meta.url);
type ParsedFont = Fontkit.Font;
type Doc = InstanceType<typeof PDFKit>;
export type Weight = 400 | 700;

/** The fallback families, in order. Noto Sans SC covers ~12,000 common Han ideographs and the kana; KR all 11,172 hangul syllables. */
const FAMILIES = ['noto-sans-sc', 'noto-sans-kr'] as const;

interface SliceTable {
  family: string;
  /** Sorted, non-overlapping code-point ranges with the slice that holds them. */
  ranges: { from: number; to: number; slice: string }[];
}

/** Printable ASCII and line breaks: always in the Latin font, tested without looking at each character. */
const PLAIN = /^[\x20-\x7e\r\n\t]*$/;

let tables: SliceTable[] | null = null;
const parsedSlices = new Map<string, ParsedFont | null>();

/** "U+4e00-4e5f,U+3041" per slice, from the package's unicode.json. */
function loadTables(): SliceTable[] {
  tables ??= FAMILIES.map((family) => {
    const json = JSON.parse(fs.readFileSync(require.resolve(`@fontsource/${family}/unicode.json`), 'utf8')) as Record<string, string>;
    const ranges: SliceTable['ranges'] = [];
    for (const [key, list] of Object.entries(json)) {
      const slice = key.replace(/^\[|\]$/g, '');
      for (const part of list.split(',')) {
        const m = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
        if (m) ranges.push({ from: parseInt(m[1], 16), to: parseInt(m[2] ?? m[1], 16), slice });
      }
    }
    ranges.sort((a, b) => a.from - b.from);
    return { family, ranges };
  });
  return tables;
}

function sliceOf(table: SliceTable, cp: number): string | null {
  const r = table.ranges;
  let lo = 0;
  let hi = r.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < r[mid].from) hi = mid - 1;
    else if (cp > r[mid].to) lo = mid + 1;
    else return r[mid].slice;
  }
  return null;
}

const sliceName = (family: string, slice: string, weight: Weight) => `${family}-${slice}-${weight}`;

/**
 * Reads a slice: WOFF2 unpacked to a plain TrueType font first (Google's woff2 decoder, wawoff2), because
 * fontkit makes a PDF subset by copying glyph bytes from the glyf and loca tables, which WOFF2 stores
 * transformed: embedded straight from WOFF2 the characters came out invisible.
 */
async function loadSlice(fontkit: typeof Fontkit, family: string, slice: string, weight: Weight): Promise<void> {
  const name = sliceName(family, slice, weight);
  if (parsedSlices.has(name)) return;
  let font: ParsedFont | null;
  try {
    const woff2 = fs.readFileSync(require.resolve(`@fontsource/${family}/files/${family}-${slice}-${weight}-normal.woff2`));
    const decompress = require('wawoff2/decompress.js') as (b: Buffer) => Promise<Uint8Array>;
    const parsed = fontkit.create(Buffer.from(await decompress(woff2)));
    font = 'layout' in parsed ? parsed : null;
  } catch {
    font = null; // A slice missing from the package: the character keeps the Latin font's empty box.
  }
  parsedSlices.set(name, font);
}

/**
 * Loads, before layout starts, every slice that the document's text needs (both weights: a run's weight is
 * only known while printing). Cheap when nothing needs a fallback: ASCII is skipped, other characters are
 * looked up in the Latin font's character map.
 */
export async function loadFallbackFonts(fontkit: typeof Fontkit, latin: ParsedFont, texts: (string | null | undefined)[]): Promise<void> {
  const wanted = new Set<number>();
  for (const text of texts) {
    if (!text || PLAIN.test(text)) continue;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp > 0x7e && !wanted.has(cp) && !latin.hasGlyphForCodePoint(cp)) wanted.add(cp);
    }
  }
  if (wanted.size === 0) return;
  const slices = new Map<string, { family: string; slice: string }>();
  for (const cp of wanted) {
    for (const table of loadTables()) {
      const slice = sliceOf(table, cp);
      if (slice) slices.set(`${table.family}-${slice}`, { family: table.family, slice });
    }
  }
  for (const { family, slice } of slices.values()) {
    for (const weight of [400, 700] as const) await loadSlice(fontkit, family, slice, weight);
  }
}

interface Run {
  text: string;
  /** The pdfkit font object, or null for the font the caller chose. */
  font: unknown;
}

/**
 * Makes `doc` print every character in a font that has it. `primary` maps pdfkit's font objects of the
 * Latin fonts ('Body', 'Bold') to their parsed font and weight. Measuring (`widthOfString`, so wrapping,
 * alignment and `heightOfString`) and drawing (`_fragment`, one line of text) both go through the runs.
 */
export function installFontFallback(doc: Doc, primary: Map<unknown, { font: ParsedFont; weight: Weight }>): void {
  // pdfkit's own methods, typed loosely: _fragment and _font are internals without published types.
  const d = doc as unknown as {
    _font: { ascender: number; widthOfString(s: string, size: number, features?: unknown): number };
    _fontSize: number;
    widthOfString(s: string, o?: Record<string, unknown>): number;
    _fragment(text: string, x: number, y: number, o: Record<string, unknown>): void;
    font(name: string): unknown;
  };
  const measure = d.widthOfString.bind(doc);
  const draw = d._fragment.bind(doc);
  const fontObjects = new Map<string, unknown>();
  const hasGlyph = new Map<ParsedFont, Map<number, boolean>>();

  const covers = (font: ParsedFont, cp: number) => {
    let cache = hasGlyph.get(font);
    if (!cache) hasGlyph.set(font, (cache = new Map()));
    let has = cache.get(cp);
    if (has === undefined) cache.set(cp, (has = font.hasGlyphForCodePoint(cp)));
    return has;
  };

  /** The pdfkit font object of a slice, registered in this document on first use. */
  const fallbackFor = (cp: number, weight: Weight): unknown => {
    for (const table of loadTables()) {
      const slice = sliceOf(table, cp);
      if (!slice) continue;
      const name = sliceName(table.family, slice, weight);
      const parsed = parsedSlices.get(name);
      if (!parsed || !covers(parsed, cp)) continue;
      let obj = fontObjects.get(name);
      if (!obj) {
        const saved = d._font;
        doc.registerFont(name, parsed as unknown as Buffer);
        d.font(name);
        obj = d._font;
        d._font = saved;
        fontObjects.set(name, obj);
      }
      return obj;
    }
    return null;
  };

  /** The text split into runs by font; null when the current font prints all of it. */
  const runsOf = (text: string): Run[] | null => {
    if (PLAIN.test(text)) return null;
    const base = primary.get(d._font);
    if (!base) return null;
    const runs: Run[] = [];
    let mixed = false;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      // Spaces and controls stay in the run they are in: they print in any font.
      let font: unknown = null;
      if (cp > 0x20 && !covers(base.font, cp)) font = fallbackFor(cp, base.weight);
      if (cp <= 0x20 && runs.length > 0) font = runs[runs.length - 1].font;
      if (font) mixed = true;
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += ch;
      else runs.push({ text: ch, font });
    }
    return mixed ? runs : null;
  };

  /** Runs a measurement or drawing with `_font` set to the run's font. */
  const withFont = <T>(font: unknown, fn: () => T): T => {
    if (!font) return fn();
    const saved = d._font;
    d._font = font as typeof d._font;
    try {
      return fn();
    } finally {
      d._font = saved;
    }
  };

  d.widthOfString = (s: string, o: Record<string, unknown> = {}) => {
    const runs = runsOf(s);
    if (!runs) return measure(s, o);
    const spacing = (o.characterSpacing as number | undefined) ?? 0;
    // Each run measured in its font; character spacing falls between runs too.
    return runs.reduce((sum, r) => sum + withFont(r.font, () => measure(r.text, o)), 0) + spacing * (runs.length - 1);
  };

  d._fragment = (text: string, x: number, y: number, o: Record<string, unknown>) => {
    const line = `${text}`.replace(/\n/g, '');
    const runs = runsOf(line);
    if (!runs) return draw(text, x, y, o);
    let at = x;
    const align = (o.align as string | undefined) ?? 'left';
    if (o.width && align === 'right') at += (o.lineWidth as number) - d.widthOfString(line.replace(/\s+$/, ''), o);
    else if (o.width && align === 'center') at += (o.lineWidth as number) / 2 - d.widthOfString(line, o) / 2;
    // One baseline for the line: the Latin font's, whatever the run's font (their ascenders differ).
    const baseline = -(d._font.ascender / 1000) * d._fontSize;
    const spacing = (o.characterSpacing as number | undefined) ?? 0;
    for (const r of runs) {
      withFont(r.font, () => draw(r.text, at, y, { ...o, align: 'left', baseline, textWidth: undefined, wordCount: undefined, wordSpacing: 0 }));
      at += d.widthOfString(r.text, o) + spacing;
    }
  };
}
