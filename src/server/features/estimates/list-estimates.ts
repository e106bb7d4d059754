import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { EstimateListItem, EstimateListQuery } from '../../../contracts/estimates';
import type { DbOrTx } from '../../db/client';
import { customers, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { countRows, orderBy, page, runAll } from '../../platform/lists';
import { customersNamed, estimateSearch } from '../customers/customer-search';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
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
export function listEstimates(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery): Promise<{ items: EstimateListItem[]; total: number }> {
  return estimatesPage(db, ctx, query);
}

async function estimatesPage(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery): Promise<{ items: EstimateListItem[]; total: number }> {
  const filters: (SQL | undefined)[] = [scopeFilter(tenantScope(ctx, query.organizationId), estimates.organizationId)];
  if (query.status) filters.push(eq(estimates.status, query.status));
  if (query.customerId) filters.push(eq(estimates.customerId, query.customerId));
  const base = and(...filters);
  const search = query.q ? estimateSearch(query.q, await customersNamed(db, ctx, query.q, query.organizationId)) : undefined;
  const where = search ? and(base, or(...search)) : base;
  const { limit, offset } = page(query);
  const pageRows = db
    .select(estimateColumns)
    .from(estimates)
    .leftJoin(customers, estimateCustomerJoin)
    .where(where)
    .orderBy(...orderBy(query, SORTABLE, [desc(estimates.createdAt), desc(estimates.id)]))
    .limit(limit)
    .offset(offset);
  // Every filter is on the estimates row (the customer join never adds or drops one), so the total needs no join.
  // The total is the same for every page of one search or filter.
  const countTotal = () => countRows(db, estimates, estimates.id, base, search);
  // Page and total in parallel (separate connections on PostgreSQL).
  const [rows, total] = await runAll(db, () => pageRows, countTotal);
  return { items: await toEstimates(db, rows), total };
}
