// A list's order as sort keys, and walking a list in that order by keyset (docs/rules/data-exchange.md#list-exports):
// the list's page and its export order by the same keys, and the export reads batch after batch, each starting after
// the previous batch's last key, so a batch deep into the list costs what the first one does and rows added or removed
// meanwhile shift nothing.
import { and, asc, desc, getTableColumns, is, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { ListQuery } from '../../contracts/lists';
import { fieldInvalid } from './errors';

export interface SortKey {
  readonly expr: SQLWrapper;
  readonly descending: boolean;
  /**
   * The key is never null. PostgreSQL puts nulls last ascending and first descending; a key that may be null (a column
   * of a left-joined table, an optional date) is compared with that in mind.
   */
  readonly notNull: boolean;
}

/** A column of the list's own table (not null when the schema says so), or an expression of one. */
export function ascending(expr: PgColumn | SQL, notNull = is(expr, PgColumn) && expr.notNull): SortKey {
  return { expr, descending: false, notNull };
}

export function descending(expr: PgColumn | SQL, notNull = is(expr, PgColumn) && expr.notNull): SortKey {
  return { expr, descending: true, notNull };
}

/**
 * The keys for `sort` among the allowed columns, before the list's own order (which ends with the id, so every row has
 * a key of its own); an unknown name answers 400 on `sort`. A chosen column may be null (an optional date, a joined
 * name): it is compared as one that may be.
 */
export function sortKeys(query: Pick<ListQuery, 'sort'>, allowed: Record<string, PgColumn | SQL>, fallback: readonly SortKey[]): SortKey[] {
  if (!query.sort) return [...fallback];
  const isDescending = query.sort.startsWith('-');
  const name = isDescending ? query.sort.slice(1) : query.sort;
  // Own keys only: `constructor`, `toString`... are on every object's prototype and are no column.
  const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
  if (!column) throw fieldInvalid('sort', `Cannot sort by ${name}`);
  return [{ expr: column, descending: isDescending, notNull: false }, ...fallback];
}

/** ORDER BY of the keys. */
export function orderOf(keys: readonly SortKey[]): SQL[] {
  return keys.map((k) => (k.descending ? desc(k.expr as SQL) : asc(k.expr as SQL)));
}

/** The values of a row's keys, as PostgreSQL's text for them (a timestamp keeps its microseconds); null for a null key. */
export type KeyValues = readonly (string | null)[];

/** The row's keys as one field (select it as `listKey`): a JSON array of their texts. */
export function keyField(keys: readonly SortKey[]): SQL.Aliased<string> {
  const texts = sql.join(
    keys.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  );
  return sql<string>`json_build_array(${texts})::text`.as('list_key');
}

/** The key of a row read with keyField. */
export function keyOf(text: string): KeyValues {
  return JSON.parse(text) as KeyValues;
}

const equalTo = (k: SortKey, v: string | null): SQL => (v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${v}`);

/** Rows whose key k comes after v in the key's order; undefined when none can (ascending, after a null). */
function beyond(k: SortKey, v: string | null): SQL | undefined {
  if (k.descending) return v === null ? sql`${k.expr} is not null` : sql`${k.expr} < ${v}`;
  if (v === null) return undefined;
  return k.notNull ? sql`${k.expr} > ${v}` : sql`(${k.expr} > ${v} or ${k.expr} is null)`;
}

/**
 * The rows after the given key in the keys' order. Keys that are all never null and run the same way compare as one
 * row value, `(a, b, id) < ($1, $2, $3)`, which an index on them reads as a range; otherwise key by key, with the first
 * key's bound in front when it is never null so an index on it still narrows the read.
 */
export function keysAfter(keys: readonly SortKey[], values: KeyValues): SQL {
  const simple = keys.every((k) => k.notNull && k.descending === keys[0]!.descending) && values.every((v) => v !== null);
  if (simple) {
    const row = sql.join(
      keys.map((k) => sql`${k.expr}`),
      sql`, `,
    );
    const given = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return keys[0]!.descending ? sql`(${row}) < (${given})` : sql`(${row}) > (${given})`;
  }
  const alternatives: SQL[] = [];
  keys.forEach((k, i) => {
    const past = beyond(k, values[i] ?? null);
    if (past) alternatives.push(and(...keys.slice(0, i).map((e, j) => equalTo(e, values[j] ?? null)), past)!);
  });
  const first = keys[0]!;
  const v0 = values[0] ?? null;
  const bound = first.notNull && v0 !== null ? (first.descending ? sql`${first.expr} <= ${v0}` : sql`${first.expr} >= ${v0}`) : undefined;
  return and(bound, or(...alternatives) ?? sql`false`)!;
}

/** One batch of a list: its rows in the list's order, and the key of the last one (null when the batch is empty). */
export interface Batch<Row> {
  rows: Row[];
  last: KeyValues | null;
}

/** Reads the batch of at most `limit` rows after `after` (null: from the start). */
export type BatchReader<Row> = (after: KeyValues | null, limit: number) => Promise<Batch<Row>>;

/** What a list's statement gets to read one batch: its key field, the condition after the last key, the order, the size. */
export interface BatchQuery {
  key: SQL.Aliased<string>;
  after: SQL | undefined;
  order: SQL[];
  limit: number;
}

/**
 * A BatchReader from the list's own statement: `select` runs it with the batch's extra condition, order and limit and
 * selects `key` as `listKey` beside the row; `toRows` makes the answer's rows as the list does.
 */
export function keysetReader<Raw extends { listKey: string }, Row>(
  keys: readonly SortKey[],
  select: (batch: BatchQuery) => PromiseLike<Raw[]>,
  toRows: (raw: NoInfer<Raw>[]) => Row[] | Promise<Row[]>,
): BatchReader<Row> {
  const key = keyField(keys);
  const order = orderOf(keys);
  return async (after, limit) => {
    const raw = await select({ key, after: after ? keysAfter(keys, after) : undefined, order, limit });
    const last = raw.at(-1);
    return { rows: await toRows(raw), last: last ? keyOf(last.listKey) : null };
  };
}

/**
 * The BatchReader of a list read from its one table, whole rows (the payments, messages, vendors... lists): `where` is
 * the list's own condition, its organization's included.
 */
export function tableReader<T extends PgTable, Row>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  keys: readonly SortKey[],
  toRows: (rows: T['$inferSelect'][]) => Row[] | Promise<Row[]>,
): BatchReader<Row> {
  return keysetReader(
    keys,
    // Drizzle cannot type a select of a table given as a type parameter; the columns are the table's own.
    async (b: BatchQuery) =>
      (await db
        .select({ ...getTableColumns(table), listKey: b.key })
        .from(table as PgTable)
        .where(and(where, b.after))
        .orderBy(...b.order)
        .limit(b.limit)) as unknown as (T['$inferSelect'] & { listKey: string })[],
    toRows,
  );
}
