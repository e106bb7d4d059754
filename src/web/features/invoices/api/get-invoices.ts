import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@contracts/invoices';
import { api, type Page } from '@/lib/api-client';
import { listPath, PAGE_SIZE } from '@/lib/list-path';

export interface InvoiceListParams {
  q?: string;
  page?: number;
}

export function getInvoices(params: InvoiceListParams, signal?: AbortSignal): Promise<Page<Invoice>> {
  const path = listPath('/api/invoices', { q: params.q, limit: PAGE_SIZE, offset: (params.page ?? 0) * PAGE_SIZE });
  return api.getPage<Invoice>(path, { signal });
}

export function invoicesQueryOptions(params: InvoiceListParams) {
  return queryOptions({ queryKey: ['invoices', 'list', params], queryFn: ({ signal }) => getInvoices(params, signal) });
}

export function useInvoices(params: InvoiceListParams) {
  return useQuery({ ...invoicesQueryOptions(params), placeholderData: keepPreviousData });
}
