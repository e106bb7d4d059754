// The vendors list: search, sort (by name unless asked otherwise), page, total.
import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { Vendor } from '../../../contracts/vendors';
import type { DbOrTx } from '../../db/client';
import { vendors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
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
function byName(descending: boolean): SQL[] {
  const dir = descending ? desc : asc;
  return [dir(sql`lower(${vendors.name})`), dir(vendors.name), dir(vendors.id)];
}

/** Any text field contains q. */
function vendorSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = sql`(${vendors.name} || ' ' || coalesce(${vendors.companyName}, '') || ' ' || coalesce(${vendors.email}, '') || ' ' || coalesce(${vendors.phone}, '') || ' ' || coalesce(${vendors.address}, '') || ' ' || coalesce(${vendors.taxId}, '') || ' ' || coalesce(${vendors.notes}, ''))`;
  return sql`${text} ilike ${likePattern(q)}`;
}

export async function listVendors(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: Vendor[]; total: number }> {
  const where = and(scopeFilter(tenantScope(ctx, query.organizationId), vendors.organizationId), vendorSearch(query.q));
  const { limit, offset } = page(query);
  const order = query.sort === 'name' || query.sort === '-name' ? byName(query.sort === '-name') : orderBy(query, SORTABLE, byName(false));
  const [rows, total] = await runAll(
    db,
    () => db.select().from(vendors).where(where).orderBy(...order).limit(limit).offset(offset),
    async () => Number((await db.select({ total: count() }).from(vendors).where(where))[0]?.total ?? 0),
  );
  return { rows: rows.map(toVendorResponse), total };
}
