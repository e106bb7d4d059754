// The dashboard: four cards, three short lists and the growth against the previous month.
//
// Who sees what (docs/decisions/005-money-and-portal-links.md): the dashboard is staff-wide, but only callers with
// view_financials get the money figures (Pending Invoices, Monthly Revenue, the Payment Status list and the money
// parts of growth). Others get the answer without them, and their money queries are not even run.
import type { DashboardQuery, DashboardStats } from '../../../contracts/dashboard';
import { fromCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { tenantScope } from '../../platform/tenancy';
import { dashboardNumbers } from './dashboard-figures';
import { inventoryAlerts, latestInvoices, recentWorkOrders } from './dashboard-lists';
import { dashboardPeriod, growthPercent } from './dashboard-period';

/** Whether this caller may see the dashboard's money figures: their role's or their own extra view_financials. */
export function seesFinancials(ctx: RequestContext): boolean {
  return ctx.permissions.has('view_financials');
}

export async function getDashboardStats(db: Db, ctx: RequestContext, query: DashboardQuery, now = new Date()): Promise<DashboardStats> {
  const p = dashboardPeriod(now);
  const scope = tenantScope(ctx, query.organizationId);
  const financials = seesFinancials(ctx);
  // The numbers in one statement and the short lists beside it; the money parts only for those who may see them.
  const [numbers, recent, alerts, latest] = await Promise.all([
    dashboardNumbers(db, scope, p, financials),
    recentWorkOrders(db, scope),
    inventoryAlerts(db, scope),
    financials ? latestInvoices(db, scope) : null,
  ]);
  const base = {
    activeWorkOrders: numbers.activeWorkOrders,
    totalCustomers: numbers.customers,
    recentWorkOrders: recent,
    inventoryAlerts: alerts,
  };
  const baseGrowth = {
    comparedTo: p.comparedTo.toISOString(),
    activeWorkOrders: {
      current: numbers.activeWorkOrders,
      previous: numbers.activeWorkOrdersThen,
      percent: growthPercent(numbers.activeWorkOrders, numbers.activeWorkOrdersThen),
    },
    newCustomers: { thisMonth: numbers.newCustomersThisMonth, lastMonth: numbers.newCustomersLastMonth },
  };
  const money = numbers.money;
  if (!money || !latest) return { ...base, financials: false, growth: baseGrowth };

  return {
    ...base,
    financials: true,
    pendingInvoices: { total: fromCents(money.pendingCents), count: money.overdueCount, invoiceCount: money.invoiceCount },
    monthlyRevenue: fromCents(money.revenueThisMonthCents),
    paymentStatus: latest,
    growth: {
      ...baseGrowth,
      pendingInvoices: {
        current: fromCents(money.pendingCents),
        previous: fromCents(money.pendingThenCents),
        percent: growthPercent(money.pendingCents, money.pendingThenCents),
      },
      monthlyRevenue: {
        current: fromCents(money.revenueThisMonthCents),
        previous: fromCents(money.revenueLastMonthCents),
        percent: growthPercent(money.revenueThisMonthCents, money.revenueLastMonthCents),
      },
    },
  };
}
