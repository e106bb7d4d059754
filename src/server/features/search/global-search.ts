// The top bar's search: customers, work orders, estimates and invoices the caller may view.
import type { Permission } from '../../../contracts/permissions';
import type { SearchQuery, SearchResponse, SearchResult } from '../../../contracts/search';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { runAll } from '../../platform/lists';
import { customersNamed } from '../customers/customer-search';
import { searchCustomers, searchEstimates, searchInvoices, searchWorkOrders, type SearchScope } from './search-records';

/** Who may see each kind of result (docs/rules/organizations-and-roles.md#server-enforcement: reads need the view_ or manage_/create_ permission of their area). */
export const SEARCH_KIND_PERMISSIONS = {
  customers: ['view_customers', 'manage_customers'],
  workOrders: ['create_work_orders', 'manage_work_orders'],
  estimates: ['create_estimates', 'manage_estimates'],
  invoices: ['view_financials', 'manage_invoices', 'create_invoices'],
} as const satisfies Record<keyof SearchResponse, readonly Permission[]>;

export function globalSearch(db: DbOrTx, ctx: RequestContext, query: SearchQuery): Promise<SearchResponse> {
  return searchAll(db, ctx, query);
}

async function searchAll(db: DbOrTx, ctx: RequestContext, query: SearchQuery): Promise<SearchResponse> {
  let named: Promise<number[]> | undefined;
  const customerIds = () => (named ??= customersNamed(db, ctx, query.q, query.organizationId));
  const scope: SearchScope = { ctx, q: query.q, organizationId: query.organizationId, customerIds };
  const may = (kind: keyof SearchResponse) => SEARCH_KIND_PERMISSIONS[kind].some((p) => ctx.permissions.has(p));
  const none = async (): Promise<SearchResult[]> => [];
  const [customers, workOrders, estimates, invoices] = await runAll(
    db,
    may('customers') ? () => searchCustomers(db, scope) : none,
    may('workOrders') ? () => searchWorkOrders(db, scope) : none,
    may('estimates') ? () => searchEstimates(db, scope) : none,
    may('invoices') ? () => searchInvoices(db, scope) : none,
  );
  return { customers, workOrders, estimates, invoices };
}
