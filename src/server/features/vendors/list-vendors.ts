// The vendors list: search, sort (by name unless asked otherwise), page, total.
import { and, count, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { Vendor } from '../../../contracts/vendors';
import type { DbOrTx } from '../../db/client';
import { vendors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { ascending, descending, orderOf, sortKeys, tableReader, type BatchReader, type SortKey } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toVendorResponse } from './vendor-response';

const SORTABLE = {
  id: vendors.id,
  email: vendors.email,
  companyName: vendors.companyName,
  paymentTerms: vendors.paymentTerms,
  createdAt: vendors.createdAt,
  updatedAt: vendors.updatedAt,
};

/** Names in alphabetical order whatever their case, then stable by id. */
function byName(isDescending: boolean): SortKey[] {
  const dir = isDescending ? descending : ascending;
  return [dir(sql`lower(${vendors.name})`, true), dir(vendors.name), dir(vendors.id)];
}

/** The list's order: by name unless `sort` names another column (then by name after it). */
const vendorOrder = (query: ListQuery) => (query.sort === 'name' || query.sort === '-name' ? byName(query.sort === '-name') : sortKeys(query, SORTABLE, byName(false)));

const vendorsWhere = (ctx: RequestContext, query: ListQuery) => and(scopeFilter(tenantScope(ctx, query.organizationId), vendors.organizationId), vendorSearch(query.q));

/** The list's rows batch by batch in its order, with its search: its export (docs/rules/data-exchange.md#list-exports). */
export function vendorBatches(db: DbOrTx, ctx: RequestContext, query: ListQuery): BatchReader<Vendor> {
  return tableReader(db, vendors, vendorsWhere(ctx, query), vendorOrder(query), (rows) => rows.map(toVendorResponse));
}

/** Any text field contains q. */
function vendorSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = sql`(${vendors.name} || ' ' || coalesce(${vendors.companyName}, '') || ' ' || coalesce(${vendors.email}, '') || ' ' || coalesce(${vendors.phone}, '') || ' ' || coalesce(${vendors.address}, '') || ' ' || coalesce(${vendors.taxId}, '') || ' ' || coalesce(${vendors.notes}, ''))`;
  return sql`${text} ilike ${likePattern(q)}`;
}

export async function listVendors(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: Vendor[]; total: number }> {
  const where = vendorsWhere(ctx, query);
  const { limit, offset } = page(query);
  const order = orderOf(vendorOrder(query));
  const [rows, total] = await runAll(
    db,
    () => db.select().from(vendors).where(where).orderBy(...order).limit(limit).offset(offset),
    async () => Number((await db.select({ total: count() }).from(vendors).where(where))[0]?.total ?? 0),
  );
  return { rows: rows.map(toVendorResponse), total };
}
