import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function emailInvoice(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/invoices/${id}/email`);
}

/** E-mails the invoice with its PDF to the customer; the message shows up in Messaging. */
export function useEmailInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailInvoice,
    // A retry after a lost answer would send the customer a second e-mail.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
