// The organization's accounting exports, newest first, and one export's file to download again.
import { count, desc, eq } from 'drizzle-orm';
import type { AccountingExport } from '../../../contracts/accounting';
import type { ListQuery } from '../../../contracts/lists';
import type { DbOrTx } from '../../db/client';
import { accountingExports, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { orderBy, page, runAll } from '../../platform/lists';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import type { ExportFile } from './export-files';
import { creatorJoin, exportColumns, toAccountingExport } from './export-view';

const SORTABLE = { createdAt: accountingExports.createdAt, periodFrom: accountingExports.periodFrom, periodTo: accountingExports.periodTo };

export async function listAccountingExports(db: DbOrTx, ctx: RequestContext, query: Omit<ListQuery, 'q'>): Promise<{ items: AccountingExport[]; total: number }> {
  const where = tenantWhere(tenantScope(ctx, query.organizationId), accountingExports);
  const { limit, offset } = page(query);
  const [rows, [counted]] = await runAll(
    db,
    () =>
      db
        .select(exportColumns)
        .from(accountingExports)
        .leftJoin(users, creatorJoin)
        .where(where)
        .orderBy(...orderBy(query, SORTABLE, [desc(accountingExports.createdAt), desc(accountingExports.id)]))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(accountingExports).where(where),
  );
  return { items: rows.map(toAccountingExport), total: Number(counted?.n ?? 0) };
}

export async function getAccountingExportFile(db: DbOrTx, ctx: RequestContext, id: number): Promise<ExportFile> {
  const [row] = await db
    .select({ fileName: accountingExports.fileName, contentType: accountingExports.contentType, data: accountingExports.data })
    .from(accountingExports)
    .where(tenantWhere(tenantScope(ctx), accountingExports, eq(accountingExports.id, id)));
  if (!row) throw notFound('Accounting export not found');
  return row;
}
