// The aging report: every bucket's exact count and sums in one aggregate, and one page of each listed bucket's
// owed invoices, oldest due date first (docs/decisions/021-aging-report-paging.md). No invoice beyond the pages is read
// into the application.
import { and, asc, eq, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../../contracts/money';
import {
  AGING_BUCKETS,
  AGING_PAGE_SIZE,
  type AgingBucket,
  type AgingBucketTotal,
  type AgingInvoice,
  type AgingQuery,
  type AgingReport,
} from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { runAll } from '../../platform/lists';
import { tenantScope, tenantWhere, type TenantScope } from '../../platform/tenancy';
import { at, balanceDueSql, isOwedSql, owedInvoices, sumText } from '../documents/balance-due';
import { agingBucketSql, agingBucketWhere } from './aging-sql';

/** Each bucket's count, summed totals and summed balances due: one grouped query over the owed invoices. */
async function bucketTotals(db: DbOrTx, scope: TenantScope, now: Date): Promise<AgingReport['totals']> {
  const owed = owedInvoices(db, scope);
  const bucket = agingBucketSql(owed.dueDate, now);
  const rows = await db
    .select({
      bucket,
      count: sql<number>`count(*)::int`,
      total: sumText(sql`sum(${owed.total})`),
      balanceDue: sumText(sql`sum(${owed.balanceDue})`),
    })
    .from(owed)
    // By position: the CASE's bound parameters would be numbered anew in GROUP BY and no longer match the select.
    .groupBy(sql`1`);
  const totals = Object.fromEntries(AGING_BUCKETS.map((b) => [b, { count: 0, total: '0.00', balanceDue: '0.00' }])) as Record<AgingBucket, AgingBucketTotal>;
  for (const r of rows) {
    totals[r.bucket] = { count: Number(r.count), total: fromCents(toCents(r.total)), balanceDue: fromCents(toCents(r.balanceDue)) };
  }
  return totals;
}

/**
 * One page of a bucket: invoices_org_owed_due_idx holds the owed statuses in (due date, id) order with each
 * invoice's total and amount paid, so the page walks it from the bucket's bound and stops after offset + limit rows.
 */
async function bucketPage(db: DbOrTx, scope: TenantScope, bucket: AgingBucket, offset: number, limit: number, now: Date): Promise<AgingInvoice[]> {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerId: invoices.customerId,
      customerName: customers.name,
      status: invoices.status,
      total: sql<string>`${invoices.total}::text`,
      balanceDue: sql<string>`${balanceDueSql}::text`,
      dueDate: invoices.dueDate,
      daysOverdue: sql<number>`coalesce(greatest(0, floor(extract(epoch from (${at(now)} - ${invoices.dueDate})) / 86400)), 0)::int`,
    })
    .from(invoices)
    .leftJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId)))
    .where(tenantWhere(scope, invoices, isOwedSql, agingBucketWhere(invoices.dueDate, bucket, now)))
    .orderBy(sql`${invoices.dueDate} asc nulls last`, asc(invoices.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    customerId: r.customerId,
    customerName: r.customerName,
    status: r.status,
    total: fromCents(toCents(r.total)),
    balanceDue: fromCents(toCents(r.balanceDue)),
    dueDate: r.dueDate ? r.dueDate.toISOString() : null,
    daysOverdue: Number(r.daysOverdue),
  }));
}

export async function getAgingReport(db: DbOrTx, ctx: RequestContext, query: AgingQuery, now = new Date()): Promise<AgingReport> {
  const scope = tenantScope(ctx, query.organizationId);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? AGING_PAGE_SIZE;
  const listed: readonly AgingBucket[] = query.bucket ? [query.bucket] : AGING_BUCKETS;
  const pageOf = (b: AgingBucket) => () => (listed.includes(b) ? bucketPage(db, scope, b, offset, limit, now) : Promise.resolve([]));
  const [totals, current, days30, days60, days90, over90] = await runAll(
    db,
    () => bucketTotals(db, scope, now),
    pageOf('current'),
    pageOf('days30'),
    pageOf('days60'),
    pageOf('days90'),
    pageOf('over90'),
  );
  return { current, days30, days60, days90, over90, totals };
}
