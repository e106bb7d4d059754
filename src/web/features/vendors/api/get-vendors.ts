import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@contracts/vendors';
import { api, type Page } from '@/lib/api-client';
import { vendorKeys } from '@/features/vendors/api/vendor-keys';

export const VENDORS_PAGE_SIZE = 50;
/** The payment form's vendor choices: the list endpoint's largest page. */
export const VENDOR_OPTIONS_LIMIT = 500;

function vendorsPath(params: { q?: string; limit: number; offset?: number }): string {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  search.set('limit', String(params.limit));
  if (params.offset) search.set('offset', String(params.offset));
  return `/api/vendors?${search.toString()}`;
}

/** One page of vendors by name; `q` searches every field on the server. */
export function getVendors(params: { q: string; offset: number }, signal?: AbortSignal): Promise<Page<Vendor>> {
  return api.getPage<Vendor>(vendorsPath({ ...params, limit: VENDORS_PAGE_SIZE }), { signal });
}

export function useVendors(params: { q: string; offset: number }, enabled = true) {
  return useQuery({
    queryKey: vendorKeys.list(params),
    queryFn: ({ signal }) => getVendors(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useVendorOptions() {
  return useQuery({
    queryKey: vendorKeys.options,
    queryFn: async ({ signal }) => (await api.getPage<Vendor>(vendorsPath({ limit: VENDOR_OPTIONS_LIMIT }), { signal })).rows,
  });
}
