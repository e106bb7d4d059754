import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Estimate, EstimateListQuery } from '../../../contracts/estimates';
import type { DbOrTx } from '../../db/client';
import { customers, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { orderBy, page } from '../../platform/lists';
import { estimateSearch } from '../customers/customer-search';
import { tenantFilter } from '../../platform/tenancy';
import { estimateColumns, estimateCustomerJoin, toEstimates } from './estimate-view';

const SORTABLE = {
  estimateNumber: estimates.estimateNumber,
  title: estimates.title,
  status: estimates.status,
  total: estimates.total,
  validUntil: estimates.validUntil,
  createdAt: estimates.createdAt,
  customerName: customers.name,
};

/** A page of estimates, newest first; q searches estimate number, title and customer name. */
export async function listEstimates(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery): Promise<{ items: Estimate[]; total: number }> {
  const filters: (SQL | undefined)[] = [tenantFilter(ctx, estimates.organizationId, query.organizationId)];
  if (query.status) filters.push(eq(estimates.status, query.status));
  if (query.customerId) filters.push(eq(estimates.customerId, query.customerId));
  if (query.q) {
    filters.push(estimateSearch(ctx, query.q, query.organizationId));
  }
  const where = and(...filters);
  const { limit, offset } = page(query);
  const rows = await db
    .select(estimateColumns)
    .from(estimates)
    .leftJoin(customers, estimateCustomerJoin)
    .where(where)
    .orderBy(...orderBy(query, SORTABLE, [desc(estimates.createdAt), desc(estimates.id)]))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(estimates).leftJoin(customers, estimateCustomerJoin).where(where);
  return { items: await toEstimates(db, ctx, rows), total: Number(count?.n ?? 0) };
}
