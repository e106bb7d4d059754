// The vendor payments list: newest payment date first, search, page, total.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { VendorPayment, VendorPaymentListQuery } from '../../../contracts/vendors';
import type { DbOrTx } from '../../db/client';
import { vendorPayments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { descending, orderOf, sortKeys, tableReader, type BatchReader } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toVendorPaymentResponse } from './vendor-response';

const SORTABLE = {
  id: vendorPayments.id,
  paymentDate: vendorPayments.paymentDate,
  amount: vendorPayments.amount,
  vendorName: vendorPayments.vendorName,
  createdAt: vendorPayments.createdAt,
};

/** Same-day payments: the one recorded last comes first. */
const NEWEST_FIRST = [descending(vendorPayments.paymentDate), descending(vendorPayments.id)];

/** The vendor's name, reference, description, notes, method or amount contains q. */
function paymentSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const text = sql`(coalesce(${vendorPayments.vendorName}, '') || ' ' || coalesce(${vendorPayments.reference}, '') || ' ' || coalesce(${vendorPayments.description}, '') || ' ' || coalesce(${vendorPayments.notes}, '') || ' ' || coalesce(${vendorPayments.method}, '') || ' ' || ${vendorPayments.amount}::text)`;
  return sql`${text} ilike ${likePattern(q)}`;
}

const vendorPaymentsWhere = (ctx: RequestContext, query: VendorPaymentListQuery) =>
  and(
    scopeFilter(tenantScope(ctx, query.organizationId), vendorPayments.organizationId),
    query.vendorId ? eq(vendorPayments.vendorId, query.vendorId) : undefined,
    paymentSearch(query.q),
  );

/** The list's rows batch by batch in its order, with its search and filter: its export (docs/rules/data-exchange.md#list-exports). */
export function vendorPaymentBatches(db: DbOrTx, ctx: RequestContext, query: VendorPaymentListQuery): BatchReader<VendorPayment> {
  return tableReader(db, vendorPayments, vendorPaymentsWhere(ctx, query), sortKeys(query, SORTABLE, NEWEST_FIRST), (rows) => rows.map(toVendorPaymentResponse));
}

export async function listVendorPayments(
  db: DbOrTx,
  ctx: RequestContext,
  query: VendorPaymentListQuery,
): Promise<{ rows: VendorPayment[]; total: number }> {
  const where = vendorPaymentsWhere(ctx, query);
  const { limit, offset } = page(query);
  const order = orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST));
  const [rows, total] = await runAll(
    db,
    () => db.select().from(vendorPayments).where(where).orderBy(...order).limit(limit).offset(offset),
    async () => Number((await db.select({ total: count() }).from(vendorPayments).where(where))[0]?.total ?? 0),
  );
  return { rows: rows.map(toVendorPaymentResponse), total };
}
