// Statements of a fixed shape that run on most requests are built once per database handle and prepared
// (named statements on PostgreSQL: parsed and planned once per connection; on PGlite the SQL text is built once).
import type { Db, DbOrTx } from '../db/client';
import { PgTransaction } from 'drizzle-orm/pg-core';

const statements = new WeakMap<object, Map<string, unknown>>();

/** The statement `name` for this database, built by `build` the first time; null inside a transaction. */
export function preparedFor<T>(db: DbOrTx, name: string, build: (db: Db) => T): T | null {
  if (db instanceof PgTransaction) return null;
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build(db as Db);
    byName.set(name, statement);
  }
  return statement;
}

/** The one organization a tenant query covers, when it is one (a super user may span all of them). */
export function singleOrganization(ctx: { isSuperUser: boolean; organizationId: number | null }, requested?: number | null): number | null {
  return ctx.isSuperUser ? (requested ?? null) : ctx.organizationId;
}
