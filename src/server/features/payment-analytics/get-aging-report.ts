// The aging report: owed invoices by days past due, with their balances due, in one query.
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fromCents, toCents } from '../../../contracts/money';
import type { AgingReport, AnalyticsQuery } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantFilter } from '../../platform/tenancy';
import { owedInvoices } from '../documents/balance-due';
import { agingBucketOf, daysOverdueSql } from './aging-sql';

/** One invoice as the query packs it: [id, number, customerId, customerName, status, total, balance due, dueDate ms, days overdue]. */
type Packed = [number, string, number, string | null, string, string, string, number | null, number];

export async function getAgingReport(db: DbOrTx, ctx: RequestContext, query: AnalyticsQuery, now = new Date()): Promise<AgingReport> {
  const owed = owedInvoices(db, (column: PgColumn) => tenantFilter(ctx, column, query.organizationId));
  // Thousands of owed invoices come back as one JSON array in one row: reading rows one by one costs
  // several times more (PGlite especially). Amounts travel as text, so no float touches them.
  const [row] = await db
    .select({
      packed: sql<string | null>`json_agg(json_build_array(
        ${owed.id}, ${owed.invoiceNumber}, ${owed.customerId}, ${customers.name}, ${owed.status},
        ${owed.total}::text, ${owed.balanceDue}::text, (extract(epoch from ${owed.dueDate}) * 1000)::bigint, ${daysOverdueSql(owed, now)}
      ) order by ${owed.dueDate} asc nulls last, ${owed.id} asc)::text`,
    })
    .from(owed)
    .leftJoin(customers, and(eq(customers.id, owed.customerId), eq(customers.organizationId, owed.organizationId)));

  const report: AgingReport = { current: [], days30: [], days60: [], days90: [], over90: [] };
  const items = row?.packed ? (JSON.parse(row.packed) as Packed[]) : [];
  for (const [id, invoiceNumber, customerId, customerName, status, total, balanceDue, dueMs, daysOverdue] of items) {
    report[agingBucketOf(daysOverdue)].push({
      id,
      invoiceNumber,
      customerId,
      customerName,
      status,
      total: fromCents(toCents(total)),
      balanceDue: fromCents(toCents(balanceDue)),
      dueDate: dueMs === null ? null : new Date(dueMs).toISOString(),
      daysOverdue,
    });
  }
  return report;
}
