// The top bar's search: customers, work orders, estimates and invoices the caller may view.
import type { Permission } from '../../../contracts/permissions';
import type { SearchQuery, SearchResponse } from '../../../contracts/search';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { searchCustomers, searchEstimates, searchInvoices, searchWorkOrders, type SearchScope } from './search-records';

/** Who may see each kind of result (part 1 section 6: reads need the view_ or manage_/create_ permission of their area). */
export const SEARCH_KIND_PERMISSIONS = {
  customers: ['view_customers', 'manage_customers'],
  workOrders: ['create_work_orders', 'manage_work_orders'],
  estimates: ['create_estimates', 'manage_estimates'],
  invoices: ['view_financials', 'manage_invoices', 'create_invoices'],
} as const satisfies Record<keyof SearchResponse, readonly Permission[]>;

export async function globalSearch(db: Db, ctx: RequestContext, query: SearchQuery): Promise<SearchResponse> {
  const scope: SearchScope = { ctx, q: query.q, organizationId: query.organizationId };
  const may = (kind: keyof SearchResponse) => SEARCH_KIND_PERMISSIONS[kind].some((p) => ctx.permissions.has(p));
  const [customers, workOrders, estimates, invoices] = await Promise.all([
    may('customers') ? searchCustomers(db, scope) : [],
    may('workOrders') ? searchWorkOrders(db, scope) : [],
    may('estimates') ? searchEstimates(db, scope) : [],
    may('invoices') ? searchInvoices(db, scope) : [],
  ]);
  return { customers, workOrders, estimates, invoices };
}
