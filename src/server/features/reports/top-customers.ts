// The customers with the most paid revenue in the range: one grouped query, limited in SQL.
import { and, asc, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { TOP_CUSTOMERS_SHOWN, type ReportSummary } from '../../../contracts/reports';
import { fromCents, toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import { paidAt } from './invoice-figures';
import { instantInRange, type ReportRange } from './report-range';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

/**
 * Paid invoices are summed by customer first, and only the leaders (rank 5 and every tie with it) are joined to their
 * customers for the name order of ties: joining every paid invoice to its customer before grouping cost twice as much
 * on the big organization (docs/performance.md, Session 10).
 */
export async function topCustomers(db: Db, scope: TenantScope, range: ReportRange): Promise<ReportSummary['topCustomers']> {
  const revenue = sql`sum(${invoices.total})`;
  const per = db
    .select({
      organizationId: invoices.organizationId,
      customerId: invoices.customerId,
      revenue: sql<string>`${revenue}`.as('paid_revenue'),
      paidInvoices: sql<number>`count(*)::int`.as('paid_invoices'),
      place: sql<number>`rank() over (order by ${revenue} desc)`.as('place'),
    })
    .from(invoices)
    .where(tenantWhere(scope, invoices, eq(invoices.status, 'paid'), isNotNull(invoices.customerId), instantInRange(paidAt, range)))
    .groupBy(invoices.organizationId, invoices.customerId)
    .as('per');
  const rows = await db
    .select({ customerId: customers.id, name: customers.name, revenue: sql<string>`${per.revenue}::text`.as('revenue_text'), paidInvoices: per.paidInvoices })
    .from(per)
    // Kept inside the invoice's organization, as every customer join is.
    .innerJoin(customers, and(eq(customers.id, per.customerId), eq(customers.organizationId, per.organizationId)))
    .where(lte(per.place, TOP_CUSTOMERS_SHOWN))
    // Ties by name regardless of case (the same on every database collation), then by id.
    .orderBy(desc(per.revenue), asc(sql`lower(${customers.name})`), asc(customers.name), asc(customers.id))
    .limit(TOP_CUSTOMERS_SHOWN);
  return rows.map((r) => ({ customerId: r.customerId, name: r.name, revenue: fromCents(toCents(r.revenue)), paidInvoices: Number(r.paidInvoices) }));
}
