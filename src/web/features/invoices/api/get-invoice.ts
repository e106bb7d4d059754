import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@contracts/invoices';
import { api } from '@/lib/api-client';

export function getInvoice(id: number): Promise<Invoice> {
  return api.get<Invoice>(`/api/invoices/${id}`);
}

export function invoiceQueryOptions(id: number) {
  return queryOptions({ queryKey: ['invoices', 'detail', id], queryFn: () => getInvoice(id) });
}

export function useInvoice(id: number | null) {
  return useQuery({ ...invoiceQueryOptions(id ?? 0), enabled: id !== null });
}
