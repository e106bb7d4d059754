import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@contracts/customers';
import { api, type Page } from '@/lib/api-client';

/**
 * DEFAULT_PAGE_SIZE of @contracts/lists, written out: that module builds zod schemas when loaded, and
 * the list screen should not carry zod just for a number.
 */
export const CUSTOMERS_PAGE_SIZE = 50;

export interface CustomerListParams {
  q?: string;
  limit?: number;
  offset?: number;
}

/** Every customers query key starts with 'customers', so one invalidation refreshes them all. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (params: CustomerListParams) => ['customers', 'list', params] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
};

function listPath(params: CustomerListParams): string {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.offset) search.set('offset', String(params.offset));
  const query = search.toString();
  return query ? `/api/customers?${query}` : '/api/customers';
}

/** One page of customers, sorted by name; `q` searches every field of a row on the server. */
export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<Page<Customer>> {
  return api.getPage<Customer>(listPath(params), { signal });
}

export function customersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    // The previous page stays on screen while the next one (or a new search) loads.
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
