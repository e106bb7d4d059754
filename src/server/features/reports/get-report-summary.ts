// Reports & Analytics: the four KPI cards, work orders by status, the invoice status summary, the top
// customers and the activity totals for one range (the date each figure filters on: contracts/reports.ts).
// Every figure is an SQL aggregate; no rows are loaded.
import { REPORT_INVOICE_STATUSES, REPORT_WORK_ORDER_STATUSES, type ReportQuery, type ReportSummary } from '../../../contracts/reports';
import { fromCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { tenantScope } from '../../platform/tenancy';
import { activityFigures, timeFigures } from './activity-figures';
import { billingFigures } from './billing-figures';
import { invoiceStatusFigures, revenueFigures } from './invoice-figures';
import { meanCents, percentOneDecimal } from './report-math';
import { reportRange } from './report-range';
import { topCustomers } from './top-customers';
import { workOrderFigures } from './work-order-figures';

export async function getReportSummary(db: Db, ctx: RequestContext, query: ReportQuery, now = new Date()): Promise<ReportSummary> {
  const range = reportRange(query);
  const scope = tenantScope(ctx, query.organizationId);
  const [wo, inv, revenue, top, time, activity, billing] = await Promise.all([
    workOrderFigures(db, scope, range),
    invoiceStatusFigures(db, scope, range, now),
    revenueFigures(db, scope, range),
    topCustomers(db, scope, range),
    timeFigures(db, scope, range),
    activityFigures(db, scope, range),
    billingFigures(db, scope, range),
  ]);
  const amount = (f: { count: number; totalCents: number }) => ({ count: f.count, total: fromCents(f.totalCents) });
  return {
    range,
    generatedAt: now.toISOString(),
    kpis: {
      totalRevenue: fromCents(revenue.revenueCents),
      paidInvoices: revenue.paidInvoices,
      averageJobValue: fromCents(meanCents(wo.totalCostCents, wo.total)),
      workOrders: wo.total,
      completionRate: percentOneDecimal(wo.byStatus.completed, wo.total),
      completedWorkOrders: wo.byStatus.completed,
      hoursTracked: time.hours,
      finishedTimeEntries: time.finished,
    },
    workOrdersByStatus: REPORT_WORK_ORDER_STATUSES.map((status) => ({ status, count: wo.byStatus[status] })),
    invoiceStatusSummary: REPORT_INVOICE_STATUSES.map((status) => ({
      status,
      count: inv.byStatus[status].count,
      total: fromCents(inv.byStatus[status].totalCents),
    })),
    topCustomers: top,
    activity: {
      customersAdded: activity.customersAdded,
      workOrdersCreated: wo.total,
      estimatesCreated: activity.estimatesCreated,
      invoicesCreated: inv.created,
      paymentsReceived: activity.paymentsReceived,
      paymentsReceivedTotal: fromCents(activity.paymentsReceivedCents),
      appointments: activity.appointments,
      timeEntries: time.started,
    },
    billing: {
      taxes: billing.taxes.map((t) => ({ name: t.name, percent: t.percent, total: fromCents(t.totalCents) })),
      typedTax: fromCents(billing.typedTaxCents),
      discounts: fromCents(billing.discountCents),
      creditNotes: amount(billing.creditNotes),
      refunds: amount(billing.refunds),
      lateFees: amount(billing.lateFees),
      remindersSent: billing.remindersSent,
      collectedAfterReminders: amount(billing.collectedAfterReminders),
      recurringInvoices: amount(billing.recurringInvoices),
      autoPay: amount(billing.autoPay),
    },
  };
}
