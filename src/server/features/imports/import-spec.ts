// What the import engine needs to know of each kind of record (docs/rules/data-exchange.md#imports): the create
// form's schema every row must pass, how cells become that form's input, how a row is matched to a record already
// there, and the columns written; and the statements that write a thousand records at once.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ImportKind } from '../../../contracts/imports';
import type { DbOrTx } from '../../db/client';
import { tenantWhere, type OrganizationScope } from '../../platform/tenancy';

/** What matches a row to a record already there and to the file's other rows. */
export interface RowKey {
  by: 'email' | 'phone' | 'sku' | 'name';
  /** Compared case aside. */
  value: string;
}

/** A record already there that a row matches. */
export interface Existing {
  id: number;
  /** A new record beside it would break a unique rule (the very same SKU): "create" cannot apply. */
  blocksCreate?: string;
}

/** A record field, the column it is written to, and that column's SQL type. */
export type WriteColumn<R> = readonly [field: keyof R & string, column: PgColumn, type: 'text' | 'numeric' | 'integer' | 'boolean'];

export interface KindSpec<R> {
  kind: ImportKind;
  /** The create form's schema (src/contracts): every row must pass it, so a row is refused exactly as the form refuses. */
  schema: z.ZodType<R>;
  /** The create form's input from the row's cells; `cell(field)` is '' for a blank or unmapped one. */
  formInput: (cell: (field: string) => string) => Record<string, unknown>;
  keyOf: (record: R) => RowKey | null;
  /** The record each row matches, if any, in the rows' order. */
  findExisting: (db: DbOrTx, scope: OrganizationScope, records: R[]) => Promise<(Existing | null)[]>;
  table: PgTable & { id: PgColumn; organizationId: PgColumn };
  /** The fields an import writes, in the order the preview shows them. */
  columns: readonly WriteColumn<R>[];
  /** A new record as written: the create form's defaults for what the row left out. */
  withDefaults: (record: R) => R;
  /** The record's "last changed" column, set by an update. */
  updatedAt?: PgColumn;
}

export interface RecordChange<R> {
  id: number;
  record: R;
  /** The record fields the row gave (its mapped, non-blank cells). */
  fields: ReadonlySet<string>;
}

function recordsetTypes<R>(columns: readonly WriteColumn<R>[]): SQL {
  return sql.join(
    columns.map(([field, , type]) => sql`${sql.identifier(field)} ${sql.raw(type)}`),
    sql`, `,
  );
}

/** One INSERT for many records, their values travelling as one JSON parameter (json_to_recordset). */
export async function insertRecords<R>(db: DbOrTx, spec: KindSpec<R>, organizationId: number, records: R[]): Promise<void> {
  if (records.length === 0) return;
  const { table, columns } = spec;
  const rows = records.map((r) => {
    const full = spec.withDefaults(r);
    return Object.fromEntries(columns.map(([field]) => [field, full[field] ?? null]));
  });
  await db.execute(sql`insert into ${table} (${sql.identifier(table.organizationId.name)}, ${sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  )})
    select ${organizationId}::integer, ${sql.join(
      columns.map(([field]) => sql`v.${sql.identifier(field)}`),
      sql`, `,
    )}
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(${recordsetTypes(columns)})`);
}

/**
 * One UPDATE for many records: a field a row did not give arrives as null and keeps the record's own value
 * (docs/rules/data-exchange.md#import-duplicates).
 */
export async function updateRecords<R>(db: DbOrTx, spec: KindSpec<R>, scope: OrganizationScope, changes: RecordChange<R>[]): Promise<void> {
  if (changes.length === 0) return;
  const { table, columns } = spec;
  const rows = changes.map(({ id, record, fields }) => ({
    id,
    ...Object.fromEntries(columns.map(([field]) => [field, fields.has(field) ? (record[field] ?? null) : null])),
  }));
  const sets = columns.map(([field, column]) => sql`${sql.identifier(column.name)} = coalesce(v.${sql.identifier(field)}, ${column})`);
  if (spec.updatedAt) sets.push(sql`${sql.identifier(spec.updatedAt.name)} = now()`);
  await db.execute(sql`update ${table} set ${sql.join(sets, sql`, `)}
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id integer, ${recordsetTypes(columns)})
    where ${tenantWhere(scope, table, sql`${table.id} = v.id`)}`);
}

/** Each written field as text, as the preview shows it. */
export function displayRecord<R>(spec: KindSpec<R>, record: R): Record<string, string | null> {
  return Object.fromEntries(
    spec.columns.map(([field]) => {
      const v: unknown = record[field];
      return [field, typeof v === 'boolean' ? (v ? 'Yes' : 'No') : v === undefined || v === null ? null : String(v)];
    }),
  );
}

/**
 * `value in (the keys)`, the keys travelling as one JSON parameter: a semi-join the planner answers with a hash or the
 * index, where `= any(array)` compared every record with every key (50,000 x 50,000 for a large file).
 */
export function isOneOf(value: SQL | PgColumn, keys: string[]): SQL {
  return sql`${value} in (select json_array_elements_text(${JSON.stringify(keys)}::json))`;
}
