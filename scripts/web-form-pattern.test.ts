// Guards for the web's one form pattern and one organizations query (docs/decisions/015-one-form-pattern.md):
// forms type react-hook-form through the contract's zod schema, never through `as unknown as` casts, and only
// lib/use-organizations.ts reads GET /api/organizations, so every screen shares its one query key.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'src/web');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sources(web).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

/**
 * Forms not yet moved to the pattern, each still holding a cast: the list only shrinks. A file that drops its cast
 * must leave the list (the test says so), and a cast anywhere else fails.
 */
const NOT_YET_MOVED: string[] = [];

describe('the web form pattern', () => {
  it('has no `as unknown as` cast in src/web outside the forms not yet moved', () => {
    const withCast = files.filter((f) => /as\s+unknown\s+as\b/.test(f.text)).map((f) => f.path);
    expect(withCast.filter((path) => !NOT_YET_MOVED.includes(path))).toEqual([]);
    expect(NOT_YET_MOVED.filter((path) => !withCast.includes(path)), 'moved to the pattern: take it off NOT_YET_MOVED').toEqual([]);
  });

  it('reads the organizations list only through lib/use-organizations.ts', () => {
    // A GET of the list: `api.get...('/api/organizations')` or a query on that path; writes (POST/PUT, logo) are fine.
    const reads = files.filter((f) => /api\.get(?:Page)?\s*(?:<[^>]*>)?\(\s*['`]\/api\/organizations['`?]/.test(f.text)).map((f) => f.path);
    expect(reads).toEqual(['src/web/lib/use-organizations.ts']);
  });
});
