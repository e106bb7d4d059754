// Named (prepared) statements for the SQL the app sends again and again, so PostgreSQL parses each one once per
// connection, and plans it once where one plan suits every value, instead of on every call
// (docs/decisions/024-named-statements.md). Under the mixed load, parsing and planning unnamed statements was a third
// of PostgreSQL's time.
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

/**
 * Statements whose best plan depends on their values stay unnamed, so PostgreSQL plans each call with its own values:
 * patterns (LIKE, ILIKE: a trigram bitmap for "garcia", nothing for a miss), instants cast in SQL (a month's range of
 * the dashboard), arrays (`= any(...)` of 3 ids or 3,000), ranges that overlap (`&&`) and BETWEEN. A named statement
 * may switch to a generic plan after five calls, which guesses a third of the rows for a range: the dashboard's counts
 * went from 0.2 to 6.6 ms that way (docs/decisions/024-named-statements.md).
 */
const PLANNED_EACH_TIME = /\bi?like\b|::timestamptz|\bany\s*\(|&&|\bbetween\b/i;

/** A text is named from its second use: one-off statements (a bulk insert of N rows) never take a name. */
const NAME_FROM_USE = 2;
/** Texts remembered at most; past it, new texts stay unnamed, so a stream of distinct texts cannot grow memory. */
const MAX_TEXTS = 2000;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
  values?: unknown;
}

type Queryable = { query: (...args: unknown[]) => unknown };

export interface StatementNames {
  /** The name for this text now (after counting this use), or undefined while it stays unnamed. */
  nameFor(text: string): string | undefined;
  readonly size: number;
}

export function statementNames(maxTexts = MAX_TEXTS): StatementNames {
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  return {
    nameFor(text) {
      // One statement only: a script of several (migrations, a test's setup) cannot be prepared.
      if (text.includes(';')) return undefined;
      if (PLANNED_EACH_TIME.test(text)) return undefined;
      const known = names.get(text);
      if (known) return known;
      const n = (uses.get(text) ?? 0) + 1;
      if (n < NAME_FROM_USE) {
        if (uses.size < maxTexts) uses.set(text, n);
        return undefined;
      }
      uses.delete(text);
      if (names.size >= maxTexts) return undefined;
      // A digest of the text: the same text has the same name on every connection, and two texts never share one.
      const name = `tb_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
      return name;
    },
    get size() {
      return names.size;
    },
  };
}

/**
 * Gives every connection of the pool the shared names: a query given as a config object with text and no name, or as
 * (text, values), is sent as a named statement once its text is a repeated one. Cursors and streams are left alone.
 */
export function nameRepeatedStatements(pool: Pool, names: StatementNames = statementNames()): StatementNames {
  pool.on('connect', (client) => {
    const conn = client as unknown as Queryable;
    const original = conn.query.bind(conn);
    conn.query = (...args: unknown[]) => {
      const first = args[0];
      if (typeof first === 'string') {
        const name = names.nameFor(first);
        if (!name) return original(...args);
        const values = Array.isArray(args[1]) ? args[1] : undefined;
        const rest = values ? args.slice(2) : args.slice(1);
        return original({ text: first, values, name }, ...rest);
      }
      if (first && typeof first === 'object') {
        const config = first as QueryConfigLike;
        if (typeof config.submit === 'function' || config.name !== undefined || typeof config.text !== 'string') return original(...args);
        const name = names.nameFor(config.text);
        if (!name) return original(...args);
        return original({ ...config, name }, ...args.slice(1));
      }
      return original(...args);
    };
  });
  return names;
}
