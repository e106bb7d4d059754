// Comments cite documents of this repository (docs/rules/README.md): never the product documents the app was
// first built from, which are not here, and never a docs page or anchor that does not exist. Each source file of
// src, scripts, e2e, fuzz, faults and a11y is read as text; each link of the docs pages and the README is followed too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_FOLDERS = ['src', 'scripts', 'e2e', 'fuzz', 'faults', 'a11y'];
const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;
const THIS_FILE = relative(root, fileURLToPath(import.meta.url));

/** Citations of documents that are not in the repository, each with why it is refused. */
const OUTSIDE_CITATIONS: { pattern: RegExp; why: string }[] = [
  { pattern: /DECISIONS\.md/, why: 'DECISIONS.md is not in the repository: cite docs/rules/*.md' },
  { pattern: /\b[Pp]art [12]\b(?=\s*(section|§|,|\(|\)|"|:|'s\b))/, why: 'the product documents are not in the repository: cite docs/rules/*.md' },
  { pattern: /\bspec\//, why: 'the spec folder is not in the repository: cite docs/rules/*.md' },
  { pattern: /\bthe spec('s)?\b(?!\.ts| files?\b)/i, why: '"the spec" is not in the repository: say which docs/rules page' },
];

/** A docs page cited in a source line, with its anchor if any: `docs/rules/scheduling.md#booking-window`. */
const DOCS_CITATION = /\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g;

export interface CitationProblem {
  line: number;
  text: string;
  why: string;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorsByFile = new Map<string, Set<string>>();

/** The anchors of a markdown file's headings (a repeated heading gets `-1`, `-2`, as GitHub numbers them). */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsByFile.get(file);
  if (!anchors) {
    anchors = new Set();
    const seen = new Map<string, number>();
    let inFence = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('```')) inFence = !inFence;
      const heading = !inFence && /^#{1,6} (.+)$/.exec(line);
      if (!heading) continue;
      const base = headingAnchor(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    anchorsByFile.set(file, anchors);
  }
  return anchors;
}

/** Why a link to `target` (a path, maybe with `#anchor`, relative to `fromDir`) leads nowhere; null when it is fine. */
export function brokenLink(target: string, fromDir: string): string | null {
  const [path, anchor] = target.split('#');
  const file = resolve(fromDir, path);
  if (!existsSync(file)) return `${path} does not exist`;
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) return `${path} has no heading #${anchor}`;
  return null;
}

/** Every refused citation and every docs citation leading nowhere in one source file's text. */
export function citationProblems(text: string): CitationProblem[] {
  const problems: CitationProblem[] = [];
  text.split('\n').forEach((lineText, index) => {
    const line = index + 1;
    for (const { pattern, why } of OUTSIDE_CITATIONS) {
      if (pattern.test(lineText)) problems.push({ line, text: lineText.trim(), why });
    }
    for (const [cited] of lineText.matchAll(DOCS_CITATION)) {
      const why = brokenLink(cited, root);
      if (why) problems.push({ line, text: lineText.trim(), why });
    }
  });
  return problems;
}

function sourceFiles(folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function report(problems: { where: string; why: string; text: string }[]): string {
  return problems.map((p) => `${p.where}: ${p.why}\n    ${p.text}`).join('\n');
}

describe('citations of documents', () => {
  it('refuses the product documents that are not in the repository', () => {
    const lines = [
      '// Sends reminders when due (DECISIONS.md, Scheduling).',
      '/** Part 1 section 9: open delay 700 ms. */',
      "// The portal's rules (part 2 section 4).",
      '// Read ../shared/spec/000.txt first.',
      "// Validates with the spec's messages.",
      "  it('validates with the spec messages', () => {",
    ];
    for (const line of lines) expect(citationProblems(line), line).toHaveLength(1);
  });

  it('accepts docs pages and anchors that exist, and Playwright spec files', () => {
    const lines = [
      '// When a booking is allowed (docs/rules/scheduling.md#booking-window).',
      '// See docs/security.md and docs/decisions/001-sessions-and-impersonation.md.',
      "// Run by e2e/booking.spec.ts; a spec's own server gets these settings.",
      '// Part of the form; step 1 of 2.',
    ];
    for (const line of lines) expect(citationProblems(line), line).toEqual([]);
  });

  it('refuses a docs page or an anchor that does not exist', () => {
    expect(citationProblems('// docs/rules/no-such-page.md')[0]?.why).toBe('docs/rules/no-such-page.md does not exist');
    expect(citationProblems('// docs/rules/scheduling.md#no-such-rule')[0]?.why).toBe(
      'docs/rules/scheduling.md has no heading #no-such-rule',
    );
  });

  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('Dashboard (`features/dashboard`)')).toBe('dashboard-featuresdashboard');
    expect(headingAnchor("Today's appointments")).toBe('todays-appointments');
  });

  it('finds no such citation in any source file', () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      citationProblems(readFileSync(join(root, file), 'utf8')).map((p) => ({ ...p, where: `${file}:${p.line}` })),
    );
    expect(problems, report(problems)).toEqual([]);
  });

  it('finds every page and anchor the docs pages and the README link to', () => {
    const pages = [
      'README.md',
      ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .map((name) => join('docs', name)),
    ];
    const problems = pages.flatMap((page) => {
      const text = readFileSync(join(root, page), 'utf8');
      return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map(([, target]) => target)
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => {
          const own = target.startsWith('#') ? `${basename(page)}${target}` : target;
          return { where: page, why: brokenLink(own, dirname(join(root, page))), text: target };
        })
        .filter((p): p is { where: string; why: string; text: string } => p.why !== null);
    });
    expect(pages.length).toBeGreaterThan(20);
    expect(problems, report(problems)).toEqual([]);
  });
});
