// Cursors for walking a long list page by page (docs/rules/lists.md#cursors,
// docs/decisions/025-cursor-for-the-customers-list.md): the sort key of a page's last row, handed out in X-Next-Cursor
// and given back as `after`. The next page then starts at that key in the list's index, so every page costs the same
// however deep it is, where `offset` skips every row before it.
import { fieldInvalid } from './errors';

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** The key as an opaque text: base64url of its JSON. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * The key of a cursor this list handed out, of the given shape (each element a string or an integer); a 400 naming
 * `after` for anything else, so a mistyped or foreign cursor never pages from a wrong place.
 */
export function decodeCursor(text: string, shape: readonly ('string' | 'integer')[]): (string | number)[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((v, i) => (shape[i] === 'string' ? typeof v === 'string' : Number.isSafeInteger(v)));
  if (!fits) throw fieldInvalid('after', 'Not a cursor this list gave');
  return key as (string | number)[];
}
