// One import of the caller's organization (another organization's answers 404 like a missing one), for a caller who may
// import its kind (docs/rules/data-exchange.md#import-permissions), and how it is answered.
import { eq, sql } from 'drizzle-orm';
import { IMPORT_FIELDS, IMPORT_MESSAGES, IMPORT_PERMISSIONS, type Import, type ImportKind, type ImportSummary } from '../../../contracts/imports';
import type { DbOrTx } from '../../db/client';
import { imports, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';

/** Everything of an import but the file's bytes, with who uploaded it. */
export const importColumns = {
  id: imports.id,
  organizationId: imports.organizationId,
  kind: imports.kind,
  fileName: imports.fileName,
  contentType: imports.contentType,
  size: imports.size,
  columns: imports.columns,
  rowCount: imports.rowCount,
  mapping: imports.mapping,
  duplicates: imports.duplicates,
  status: imports.status,
  created: imports.created,
  updated: imports.updated,
  skipped: imports.skipped,
  error: imports.error,
  createdAt: imports.createdAt,
  completedAt: imports.completedAt,
  createdBy: sql<string | null>`(select coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email}) from ${users} where ${users.id} = ${imports.createdBy})`,
};

export const selectImports = (db: DbOrTx) => db.select(importColumns).from(imports);
export type ImportRow = Awaited<ReturnType<typeof selectImports>>[number];

export function canImport(ctx: RequestContext, kind: ImportKind): boolean {
  return ctx.permissions.has(IMPORT_PERMISSIONS[kind]);
}

export function requireImportPermission(ctx: RequestContext, kind: ImportKind): void {
  if (!canImport(ctx, kind)) throw forbidden();
}

export async function findImport(db: DbOrTx, ctx: RequestContext, id: number): Promise<ImportRow> {
  const [row] = await selectImports(db).where(tenantWhere(tenantScope(ctx), imports, eq(imports.id, id))).limit(1);
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  requireImportPermission(ctx, row.kind);
  return row;
}

export function toImportSummary(row: ImportRow): ImportSummary {
  return {
    id: row.id,
    organizationId: row.organizationId,
    kind: row.kind,
    fileName: row.fileName,
    size: row.size,
    rowCount: row.rowCount,
    duplicates: row.duplicates ?? 'skip',
    status: row.status,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    error: row.error,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function toImportView(row: ImportRow): Import {
  return { ...toImportSummary(row), columns: row.columns, mapping: row.mapping ?? {}, fields: [...IMPORT_FIELDS[row.kind]] };
}
