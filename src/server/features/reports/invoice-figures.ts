// Invoices: the status summary (invoices created in the range) and the revenue (invoices paid in it).
import { eq, sql, type SQL } from 'drizzle-orm';
import { REPORT_INVOICE_STATUSES, type ReportInvoiceStatus } from '../../../contracts/reports';
import { toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/index';
import { instantInRange, type ReportRange } from './report-range';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

/** When an invoice was paid; rows written before paid dates were kept fall back to their last update. */
export const paidAt = sql`coalesce(${invoices.paidDate}, ${invoices.updatedAt})`;

/**
 * The status the invoice screens show (invoice-view.ts isOverdue): paid stays paid; overdue when stored
 * so or when the due date has passed; otherwise the stored status.
 */
function shownAs(status: ReportInvoiceStatus, now: Date): SQL {
  const overdue = sql`(${invoices.status} = 'overdue' or ${invoices.dueDate} < ${now.toISOString()}::timestamptz)`;
  if (status === 'paid') return eq(invoices.status, 'paid');
  if (status === 'overdue') return sql`(${invoices.status} <> 'paid' and ${overdue})`;
  return sql`(${eq(invoices.status, status)} and not coalesce(${overdue}, false))`;
}

export interface InvoiceStatusFigures {
  /** Every invoice created in the range. */
  created: number;
  byStatus: Record<ReportInvoiceStatus, { count: number; totalCents: number }>;
}

export async function invoiceStatusFigures(db: Db, scope: TenantScope, range: ReportRange, now: Date): Promise<InvoiceStatusFigures> {
  const columns: Record<string, SQL> = {};
  for (const s of REPORT_INVOICE_STATUSES) {
    columns[`${s}Count`] = sql<number>`(count(*) filter (where ${shownAs(s, now)}))::int`;
    columns[`${s}Total`] = sql<string>`coalesce(sum(${invoices.total}) filter (where ${shownAs(s, now)}), 0)::text`;
  }
  const [r] = await db
    .select({ created: sql<number>`count(*)::int`, ...columns })
    .from(invoices)
    .where(tenantWhere(scope, invoices, instantInRange(invoices.createdAt, range)));
  const row = (r ?? {}) as Record<string, unknown>;
  const byStatus = Object.fromEntries(
    REPORT_INVOICE_STATUSES.map((s) => [s, { count: Number(row[`${s}Count`] ?? 0), totalCents: toCents(String(row[`${s}Total`] ?? '0')) }]),
  ) as InvoiceStatusFigures['byStatus'];
  return { created: Number(row.created ?? 0), byStatus };
}

/** Revenue is the sum of paid invoice totals (docs/rules/reports.md#report-formulas). */
export async function revenueFigures(db: Db, scope: TenantScope, range: ReportRange) {
  const [r] = await db
    .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${invoices.total}), 0)::text` })
    .from(invoices)
    .where(tenantWhere(scope, invoices, eq(invoices.status, 'paid'), instantInRange(paidAt, range)));
  return { paidInvoices: Number(r?.count ?? 0), revenueCents: toCents(r?.total ?? '0') };
}
