// Recent imports of the caller's organization (a super user's: every one, or the one asked for), newest first: who,
// when, what came of them; only of the kinds the caller may import (docs/rules/data-exchange.md#import-permissions).
import { desc, ilike, inArray } from 'drizzle-orm';
import { IMPORT_KINDS, type ImportListQuery, type ImportSummary } from '../../../contracts/imports';
import type { DbOrTx } from '../../db/client';
import { imports } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { countRows, likePattern, orderBy, runAll } from '../../platform/lists';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { canImport, selectImports, toImportSummary } from './find-import';

export const DEFAULT_IMPORT_PAGE = 20;

export async function listImports(db: DbOrTx, ctx: RequestContext, query: ImportListQuery): Promise<{ rows: ImportSummary[]; total: number }> {
  const kinds = IMPORT_KINDS.filter((k) => canImport(ctx, k) && (!query.kind || k === query.kind));
  if (kinds.length === 0) return { rows: [], total: 0 };
  const where = tenantWhere(tenantScope(ctx, query.organizationId), imports, inArray(imports.kind, kinds), query.q ? ilike(imports.fileName, likePattern(query.q)) : undefined);
  const order = orderBy(query, { createdAt: imports.createdAt, fileName: imports.fileName }, [desc(imports.createdAt), desc(imports.id)]);
  const [rows, total] = await runAll(
    db,
    () => selectImports(db).where(where).orderBy(...order).limit(query.limit ?? DEFAULT_IMPORT_PAGE).offset(query.offset ?? 0),
    () => countRows(db, imports, imports.id, where),
  );
  return { rows: rows.map(toImportSummary), total };
}
