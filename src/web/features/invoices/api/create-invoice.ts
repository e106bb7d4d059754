import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInvoiceInput, Invoice } from '@contracts/invoices';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function createInvoice(input: CreateInvoiceInput): Promise<Invoice> {
  return api.post<Invoice>('/api/invoices', input);
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    // A repeated create after a lost answer could number a second invoice: never retried.
    retry: false,
    onSuccess: () => invalidateAfterSave(queryClient, 'invoices'),
  });
}
