import { searchQuerySchema, searchResponseSchema } from '../../../contracts/search';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { globalSearch } from './global-search';

export function searchRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/search', {
    // Any staff member; each kind of result is further limited to the caller's permissions.
    config: { access: access.require(['view_customers', 'create_work_orders', 'create_estimates', 'view_financials'], { tenant: true }) },
    schema: {
      tags: ['search'],
      summary: 'Top bar search: up to 5 customers, work orders, estimates and invoices matching q',
      querystring: searchQuerySchema,
      response: { 200: searchResponseSchema },
    },
    handler: async (req) => globalSearch(db, requireCtx(req), req.query),
  });
}
