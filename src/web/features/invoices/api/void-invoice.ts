import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invoice, VoidInvoiceInput } from '@contracts/invoices';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function voidInvoice({ id, input }: { id: number; input: VoidInvoiceInput }): Promise<Invoice> {
  return api.post<Invoice>(`/api/invoices/${id}/void`, input);
}

export function useVoidInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voidInvoice, onSuccess: () => invalidateAfterSave(queryClient, 'invoices') });
}
