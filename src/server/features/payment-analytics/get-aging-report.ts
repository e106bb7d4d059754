// The aging report: unpaid invoices by days past due, with their balances, in one query.
import { and, eq, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../../contracts/money';
import type { AgingReport, AnalyticsQuery } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { customers, invoices, payments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantFilter } from '../../platform/tenancy';
import { agingBucketOf, daysOverdueSql, isUnpaid } from './aging-sql';
import { paidPerInvoice } from './invoice-balances';

/** One invoice as the query packs it: [id, number, customerId, customerName, status, total, paid, dueDate ms, days overdue]. */
type Packed = [number, string, number, string | null, string, string, string | null, number | null, number];

export async function getAgingReport(db: DbOrTx, ctx: RequestContext, query: AnalyticsQuery, now = new Date()): Promise<AgingReport> {
  const paid = paidPerInvoice(db, tenantFilter(ctx, payments.organizationId, query.organizationId));
  // Thousands of unpaid invoices come back as one JSON array in one row: reading rows one by one costs
  // several times more (PGlite especially). Amounts travel as text, so no float touches them.
  const [row] = await db
    .select({
      packed: sql<string | null>`json_agg(json_build_array(
        ${invoices.id}, ${invoices.invoiceNumber}, ${invoices.customerId}, ${customers.name}, ${invoices.status},
        ${invoices.total}::text, ${paid.amount}, (extract(epoch from ${invoices.dueDate}) * 1000)::bigint, ${daysOverdueSql(now)}
      ) order by ${invoices.dueDate} asc nulls last, ${invoices.id} asc)::text`,
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(paid, and(eq(paid.organizationId, invoices.organizationId), eq(paid.invoiceId, invoices.id)))
    .where(and(tenantFilter(ctx, invoices.organizationId, query.organizationId), isUnpaid()));

  const report: AgingReport = { current: [], days30: [], days60: [], days90: [], over90: [] };
  const items = row?.packed ? (JSON.parse(row.packed) as Packed[]) : [];
  for (const [id, invoiceNumber, customerId, customerName, status, total, paidAmount, dueMs, daysOverdue] of items) {
    const totalCents = toCents(total);
    report[agingBucketOf(daysOverdue)].push({
      id,
      invoiceNumber,
      customerId,
      customerName,
      status,
      total: fromCents(totalCents),
      balanceDue: fromCents(totalCents - toCents(paidAmount)),
      dueDate: dueMs === null ? null : new Date(dueMs).toISOString(),
      daysOverdue,
    });
  }
  return report;
}
