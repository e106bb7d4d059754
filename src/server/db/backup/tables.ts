// What a backup covers: every table of the public schema, read from the catalog so a table added by a later
// migration is included without touching this code, in an order where each table follows the ones it references.
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../client';

export { rowsOf };

export interface TableInfo {
  name: string;
  /** Columns a row is written back with (generated columns are recomputed, not restored). */
  columns: string[];
  /** GENERATED ... AS IDENTITY columns, whose sequences must be moved past the restored ids. */
  identity: string[];
  /** A single-column primary key, for reading in keyset batches; null reads by offset. */
  key: string | null;
}

/**
 * Tables that hold only what the other tables imply, kept by triggers: not written to a backup, and worked out again
 * from the restored data (organization_figures: docs/decisions/023-organization-figures.md).
 */
const DERIVED_TABLES = new Set(['organization_figures']);

export async function listTables(db: DbOrTx): Promise<TableInfo[]> {
  const columns = await rowsOf<{ table_name: string; column_name: string; is_identity: string; is_generated: string }>(
    db,
    sql`select table_name, column_name, is_identity, is_generated from information_schema.columns
        where table_schema = 'public' and table_name in (select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p'))
        order by table_name, ordinal_position`,
  );
  const keys = await rowsOf<{ table_name: string; column_name: string; columns: number }>(
    db,
    sql`select c.conrelid::regclass::text as table_name, a.attname as column_name, array_length(c.conkey, 1) as columns
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'p' and c.connamespace = 'public'::regnamespace`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select conrelid::regclass::text as child, confrelid::regclass::text as parent
        from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );

  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    if (DERIVED_TABLES.has(c.table_name)) continue;
    const t = tables.get(c.table_name) ?? { name: c.table_name, columns: [], identity: [], key: null };
    if (c.is_generated !== 'ALWAYS') t.columns.push(c.column_name);
    if (c.is_identity === 'YES') t.identity.push(c.column_name);
    tables.set(c.table_name, t);
  }
  for (const k of keys) {
    const t = tables.get(k.table_name);
    if (t && Number(k.columns) === 1) t.key = k.column_name;
  }
  return dependencyOrder([...tables.values()], references);
}

/** Parents before children; a self-reference is ignored (its rows are restored in key order). */
function dependencyOrder(tables: TableInfo[], references: { child: string; parent: string }[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of references) if (r.child !== r.parent && byName.has(r.parent)) parents.get(r.child)?.add(r.parent);
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (done.has(name)) return;
    if (path.has(name)) throw new Error(`Tables reference each other in a cycle through ${name}`);
    path.add(name);
    for (const p of [...(parents.get(name) ?? [])].sort()) visit(p, path);
    path.delete(name);
    done.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t.name, new Set());
  return ordered;
}

/** The applied migrations, oldest first: a backup restores only into a database at the same schema version. */
export async function appliedMigrations(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ hash: string }>(db, sql`select hash from drizzle.__drizzle_migrations order by created_at, id`);
  return rows.map((r) => r.hash);
}
