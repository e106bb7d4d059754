// Row counts and content checksums of one organization's rows in every tenant table, found from the
// catalog so a new table is covered without listing it here.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

export type TenantSnapshot = Record<string, { rows: number; checksum: string }>;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

export async function tenantSnapshot(db: Db, organizationId: number): Promise<TenantSnapshot> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'organization_id'
      order by table_name`),
  ).map((r) => r.table_name);
  const snapshot: TenantSnapshot = {};
  for (const table of [...tables, 'organizations']) {
    const key = table === 'organizations' ? 'id' : 'organization_id';
    const [row] = rowsOf<{ rows: number; checksum: string | null }>(
      await db.execute(sql`
        select count(*)::int as rows, md5(string_agg(md5(x::text), ',' order by md5(x::text))) as checksum
        from ${sql.identifier(table)} x where ${sql.identifier(key)} = ${organizationId}`),
    );
    snapshot[table] = { rows: Number(row.rows), checksum: row.checksum ?? '' };
  }
  return snapshot;
}

/** The tables whose rows differ, with before and after. */
export function snapshotChanges(before: TenantSnapshot, after: TenantSnapshot): string[] {
  const changes: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[table];
    const a = after[table];
    if (!b || !a || b.rows !== a.rows || b.checksum !== a.checksum) {
      changes.push(`${table}: ${b?.rows ?? '-'} rows (${b?.checksum.slice(0, 8) ?? '-'}) -> ${a?.rows ?? '-'} rows (${a?.checksum.slice(0, 8) ?? '-'})`);
    }
  }
  return changes;
}
