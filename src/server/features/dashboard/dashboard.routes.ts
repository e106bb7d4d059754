import { dashboardQuerySchema, dashboardStatsSchema } from '../../../contracts/dashboard';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { cachedRead, tenantScopeKey } from '../../platform/read-cache';
import { getDashboardStats, seesFinancials } from './get-dashboard-stats';

/** How long the dashboard may lag behind writes made elsewhere (other instances, jobs, the clock). */
const DASHBOARD_CACHE_MS = 15_000;

export function dashboardRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/dashboard/stats', {
    // Staff-wide; the money figures only with view_financials (get-dashboard-stats.ts). The whole answer is kept
    // per user (platform/response-cache.ts keys signed-in routes by user id and URL).
    config: { access: access.require(['view_financials', 'create_work_orders', 'view_customers'], { tenant: true }), cacheResponse: true },
    schema: {
      tags: ['dashboard'],
      summary:
        'Dashboard cards, recent jobs, stock alerts and growth against the previous month; Pending Invoices, Monthly Revenue, the latest invoices and money growth only with view_financials (financials: true)',
      querystring: dashboardQuerySchema,
      response: { 200: dashboardStatsSchema },
    },
    // The same for every staff member of an organization who sees (or does not see) money, and a few aggregate
    // passes over its records: cached for DASHBOARD_CACHE_MS, cleared by any write through this instance
    // (platform/read-cache.ts). The key names which of the two answers it holds, so one never serves the other.
    handler: async (req) => {
      const ctx = requireCtx(req);
      const key = `dashboard:${seesFinancials(ctx) ? 'financials' : 'operations'}:${tenantScopeKey(ctx, req.query.organizationId)}`;
      return cachedRead(db, key, () => getDashboardStats(db, ctx, req.query), DASHBOARD_CACHE_MS);
    },
  });
}
