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
import { readOrganizationFigures } from '../figures/organization-figures';
import { customerFigures, invoiceFigures, revenueFigures, workOrderFigures } from './dashboard-figures';
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
  // Read once, awaited by each figure that starts from it, in the same round trip as the rest.
  const figures = readOrganizationFigures(db, scope);
  figures.catch(() => {}); // awaited below; a failure is the call's failure, not an unhandled rejection
  // One round trip either way: the money queries run alongside the others, and only for those who may see them.
  const [[wo, cust, recent, alerts], money] = await Promise.all([
    Promise.all([
      workOrderFigures(db, scope, p, figures),
      customerFigures(db, scope, p, figures),
      recentWorkOrders(db, scope),
      inventoryAlerts(db, scope),
    ]),
    financials
      ? Promise.all([
          invoiceFigures(db, scope, p, figures),
          revenueFigures(db, scope, p),
          latestInvoices(db, scope),
        ])
      : null,
  ]);
  const base = {
    activeWorkOrders: wo.active,
    totalCustomers: cust.total,
    recentWorkOrders: recent,
    inventoryAlerts: alerts,
  };
  const baseGrowth = {
    comparedTo: p.comparedTo.toISOString(),
    activeWorkOrders: { current: wo.active, previous: wo.activeThen, percent: growthPercent(wo.active, wo.activeThen) },
    newCustomers: { thisMonth: cust.thisMonth, lastMonth: cust.lastMonth },
  };
  if (!money) return { ...base, financials: false, growth: baseGrowth };

  const [inv, rev, latest] = money;
  return {
    ...base,
    financials: true,
    pendingInvoices: { total: fromCents(inv.pendingCents), count: inv.overdueCount, invoiceCount: inv.invoiceCount },
    monthlyRevenue: fromCents(rev.thisMonthCents),
    paymentStatus: latest,
    growth: {
      ...baseGrowth,
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
    },
  };
}
