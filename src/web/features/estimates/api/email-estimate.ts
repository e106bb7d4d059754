import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function emailEstimate(id: number): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/estimates/${id}/email`);
}

/** E-mails the estimate with its PDF to the customer; the message shows up in Messaging. */
export function useEmailEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailEstimate,
    // A retry after a lost answer would send the customer a second e-mail.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['messages'] }),
  });
}
