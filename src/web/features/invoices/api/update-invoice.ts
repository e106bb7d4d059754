import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, UpdateInvoiceInput } from '@contracts/invoices';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function updateInvoice({ id, input }: { id: number; input: UpdateInvoiceInput }): Promise<Invoice> {
  return api.put<Invoice>(`/api/invoices/${id}`, input);
}

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateInvoice, onSuccess: () => invalidateAfterSave(queryClient, 'invoices') });
}
