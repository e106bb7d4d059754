import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRecurringInvoiceInput, RecurringInvoice, UpdateRecurringInvoiceInput } from '@contracts/recurring-invoices';
import { api } from '@/lib/api-client';
import { refreshRecurringInvoices } from '@/features/recurring-invoices/api/recurring-invoice-keys';

export function useCreateRecurringInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRecurringInvoiceInput) => api.post<RecurringInvoice>('/api/recurring-invoices', body),
    // Repeating a create whose answer was lost would bill the customer on two schedules.
    retry: false,
    onSuccess: () => refreshRecurringInvoices(queryClient),
  });
}

export function useUpdateRecurringInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRecurringInvoiceInput }) => api.put<RecurringInvoice>(`/api/recurring-invoices/${id}`, body),
    onSuccess: () => refreshRecurringInvoices(queryClient),
  });
}

export function useDeleteRecurringInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/recurring-invoices/${id}`),
    onSuccess: () => refreshRecurringInvoices(queryClient),
  });
}
