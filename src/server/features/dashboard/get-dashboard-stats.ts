// The dashboard: four cards, three short lists and the growth against the previous month.
//
// Who sees what: the dashboard is staff-wide. Anyone with view_financials, create_work_orders or
// view_customers (every staff role) gets every figure, money included, as the original dashboard
// showed them to all staff; the per-area lists and their permissions live on their own pages.
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DashboardQuery, DashboardStats } from '../../../contracts/dashboard';
import { fromCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { customers, inventoryItems, invoices, payments, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantFilter } from '../../platform/tenancy';
import { customerFigures, invoiceFigures, revenueFigures, workOrderFigures } from './dashboard-figures';
import { inventoryAlerts, latestInvoices, recentWorkOrders } from './dashboard-lists';
import { dashboardPeriod, growthPercent } from './dashboard-period';

export async function getDashboardStats(db: Db, ctx: RequestContext, query: DashboardQuery, now = new Date()): Promise<DashboardStats> {
  const p = dashboardPeriod(now);
  const scope = (column: PgColumn) => tenantFilter(ctx, column, query.organizationId);
  const [wo, inv, rev, cust, recent, latest, alerts] = await Promise.all([
    workOrderFigures(db, scope(workOrders.organizationId), p),
    invoiceFigures(db, scope(invoices.organizationId), p),
    revenueFigures(db, scope(payments.organizationId), p),
    customerFigures(db, scope(customers.organizationId), p),
    recentWorkOrders(db, scope(workOrders.organizationId)),
    latestInvoices(db, scope(invoices.organizationId)),
    inventoryAlerts(db, scope(inventoryItems.organizationId)),
  ]);
  return {
    activeWorkOrders: wo.active,
    pendingInvoices: { total: fromCents(inv.pendingCents), count: inv.overdueCount },
    monthlyRevenue: fromCents(rev.thisMonthCents),
    totalCustomers: cust.total,
    recentWorkOrders: recent,
    paymentStatus: latest,
    inventoryAlerts: alerts,
    growth: {
      comparedTo: p.comparedTo.toISOString(),
      activeWorkOrders: { current: wo.active, previous: wo.activeThen, percent: growthPercent(wo.active, wo.activeThen) },
      pendingInvoices: {
        current: fromCents(inv.pendingCents),
        previous: fromCents(inv.pendingThenCents),
        percent: growthPercent(inv.pendingCents, inv.pendingThenCents),
      },
      monthlyRevenue: {
        current: fromCents(rev.thisMonthCents),
        previous: fromCents(rev.lastMonthCents),
        percent: growthPercent(rev.thisMonthCents, rev.lastMonthCents),
      },
      newCustomers: { thisMonth: cust.thisMonth, lastMonth: cust.lastMonth },
    },
  };
}
