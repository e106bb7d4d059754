import { dashboardQuerySchema, dashboardStatsSchema } from '../../../contracts/dashboard';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { getDashboardStats } from './get-dashboard-stats';

export function dashboardRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/dashboard/stats', {
    // Staff-wide: see get-dashboard-stats.ts for why money figures are not further restricted.
    config: { access: access.require(['view_financials', 'create_work_orders', 'view_customers'], { tenant: true }) },
    schema: {
      tags: ['dashboard'],
      summary: 'Dashboard cards, recent jobs, latest invoices, stock alerts and growth against the previous month',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardStatsSchema },
    },
    handler: async (req) => getDashboardStats(db, requireCtx(req), req.query),
  });
}
