import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecurringInvoice } from '@contracts/recurring-invoices';
import { api } from '@/lib/api-client';
import { listPath, PAGE_SIZE } from '@/lib/list-path';
import { recurringInvoiceKeys } from '@/features/recurring-invoices/api/recurring-invoice-keys';

/** Newest first, a page at a time (the total in X-Total-Count). */
export function useRecurringInvoices(params: { page: number }) {
  return useQuery({
    queryKey: recurringInvoiceKeys.list(params),
    queryFn: ({ signal }) =>
      api.getPage<RecurringInvoice>(listPath('/api/recurring-invoices', { limit: PAGE_SIZE, offset: params.page * PAGE_SIZE }), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecurringInvoice(id: number | null) {
  return useQuery({
    queryKey: recurringInvoiceKeys.detail(id ?? 0),
    queryFn: () => api.get<RecurringInvoice>(`/api/recurring-invoices/${id}`),
    enabled: id !== null,
  });
}
