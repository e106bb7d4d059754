// The customers with the most paid revenue in the range: one grouped query, limited in SQL.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { TOP_CUSTOMERS_SHOWN, type ReportSummary } from '../../../contracts/reports';
import { fromCents, toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import { paidAt } from './invoice-figures';
import { instantInRange, type ReportRange } from './report-range';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

export async function topCustomers(db: Db, scope: TenantScope, range: ReportRange): Promise<ReportSummary['topCustomers']> {
  const revenue = sql`sum(${invoices.total})`;
  const rows = await db
    .select({
      customerId: customers.id,
      name: customers.name,
      revenue: sql<string>`${revenue}::text`,
      paidInvoices: sql<number>`count(*)::int`,
    })
    .from(invoices)
    // Kept inside the invoice's organization, as every customer join is.
    .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId)))
    .where(tenantWhere(scope, invoices, eq(invoices.status, 'paid'), instantInRange(paidAt, range)))
    .groupBy(customers.id, customers.name)
    // Ties by name regardless of case (the same on every database collation), then by id.
    .orderBy(desc(revenue), asc(sql`lower(${customers.name})`), asc(customers.name), asc(customers.id))
    .limit(TOP_CUSTOMERS_SHOWN);
  return rows.map((r) => ({ customerId: r.customerId, name: r.name, revenue: fromCents(toCents(r.revenue)), paidInvoices: Number(r.paidInvoices) }));
}
