import { and, eq, or, type SQL } from 'drizzle-orm';
import type { EstimateListItem, EstimateListQuery } from '../../../contracts/estimates';
import type { DbOrTx } from '../../db/client';
import { customers, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { countRows, page, runAll } from '../../platform/lists';
import { descending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader } from '../../platform/list-order';
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

const NEWEST_FIRST = [descending(estimates.createdAt), descending(estimates.id)];

/** A page of estimates, newest first; q searches estimate number, title and customer name. */
export function listEstimates(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery): Promise<{ items: EstimateListItem[]; total: number }> {
  return estimatesPage(db, ctx, query);
}

/** The list's rows batch by batch in its order, with its search and filters: its export (docs/rules/data-exchange.md#list-exports). */
export async function estimateBatches(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery): Promise<BatchReader<EstimateListItem>> {
  const { where } = await estimatesWhere(db, ctx, query);
  return keysetReader(
    sortKeys(query, SORTABLE, NEWEST_FIRST),
    (b: BatchQuery) => db.select({ ...estimateColumns, listKey: b.key }).from(estimates).leftJoin(customers, estimateCustomerJoin).where(and(where, b.after)).orderBy(...b.order).limit(b.limit),
    (rows) => toEstimates(db, rows),
  );
}

/** The list's filters (base) and search alternatives, and both together (where). */
async function estimatesWhere(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery) {
  const filters: (SQL | undefined)[] = [scopeFilter(tenantScope(ctx, query.organizationId), estimates.organizationId)];
  if (query.status) filters.push(eq(estimates.status, query.status));
  if (query.customerId) filters.push(eq(estimates.customerId, query.customerId));
  const base = and(...filters);
  const search = query.q ? estimateSearch(query.q, await customersNamed(db, ctx, query.q, query.organizationId)) : undefined;
  return { base, search, where: search ? and(base, or(...search)) : base };
}

async function estimatesPage(db: DbOrTx, ctx: RequestContext, query: EstimateListQuery): Promise<{ items: EstimateListItem[]; total: number }> {
  const { base, search, where } = await estimatesWhere(db, ctx, query);
  const { limit, offset } = page(query);
  const pageRows = db
    .select(estimateColumns)
    .from(estimates)
    .leftJoin(customers, estimateCustomerJoin)
    .where(where)
    .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
    .limit(limit)
    .offset(offset);
  // Every filter is on the estimates row (the customer join never adds or drops one), so the total needs no join.
  // The total is the same for every page of one search or filter.
  const countTotal = () => countRows(db, estimates, estimates.id, base, search);
  // Page and total in parallel (separate connections on PostgreSQL).
  const [rows, total] = await runAll(db, () => pageRows, countTotal);
  return { items: await toEstimates(db, rows), total };
}
