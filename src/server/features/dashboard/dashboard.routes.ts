import { dashboardQuerySchema, dashboardStatsSchema } from '../../../contracts/dashboard';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { getDashboardStats } from './get-dashboard-stats';

export function dashboardRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/dashboard/stats', {
    // Staff-wide; the money figures only with view_financials (get-dashboard-stats.ts).
    config: { access: access.require(['view_financials', 'create_work_orders', 'view_customers'], { tenant: true }) },
    schema: {
      tags: ['dashboard'],
      summary:
        'Dashboard cards, recent jobs, stock alerts and growth against the previous month; Pending Invoices, Monthly Revenue, the latest invoices and money growth only with view_financials (financials: true)',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardStatsSchema },
    },
    // Read from the database on every call: indexed aggregates (docs/decisions/022-speed-without-a-cache.md).
    handler: async (req) => getDashboardStats(db, requireCtx(req), req.query),
  });
}
