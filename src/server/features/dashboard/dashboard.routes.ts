import { dashboardQuerySchema, dashboardStatsSchema } from '../../../contracts/dashboard';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { cachedRead, tenantScopeKey } from '../../platform/read-cache';
import { getDashboardStats } from './get-dashboard-stats';

/** How long the dashboard may lag behind writes made elsewhere (other instances, jobs, the clock). */
const DASHBOARD_CACHE_MS = 15_000;

export function dashboardRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/dashboard/stats', {
    // Staff-wide: see get-dashboard-stats.ts for why money figures are not further restricted.
    config: { access: access.require(['view_financials', 'create_work_orders', 'view_customers'], { tenant: true }), cacheResponse: true },
    schema: {
      tags: ['dashboard'],
      summary: 'Dashboard cards, recent jobs, latest invoices, stock alerts and growth against the previous month',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardStatsSchema },
    },
    // The same for every staff member of an organization, and a few aggregate passes over its records:
    // cached for DASHBOARD_CACHE_MS, cleared by any write through this instance (platform/read-cache.ts).
    handler: async (req) => {
      const ctx = requireCtx(req);
      return cachedRead(db, `dashboard:${tenantScopeKey(ctx, req.query.organizationId)}`, () => getDashboardStats(db, ctx, req.query), DASHBOARD_CACHE_MS);
    },
  });
}
