import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendForApprovalInput, sendForApprovalResultSchema } from '@contracts/estimates';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export type SendForApprovalResult = z.infer<typeof sendForApprovalResultSchema>;

export function sendForApproval({ id, input }: { id: number; input: SendForApprovalInput }): Promise<SendForApprovalResult> {
  return api.post<SendForApprovalResult>(`/api/estimates/${id}/send-for-approval`, input);
}

/** E-mails and/or texts the customer the quote page's link; the estimate becomes sent, the messages show up in Messaging. */
export function useSendForApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendForApproval,
    // A retry after a lost answer would message the customer twice.
    retry: false,
    onSuccess: () => Promise.all([invalidateAfterSave(queryClient, 'estimates'), queryClient.invalidateQueries({ queryKey: ['messages'] })]),
  });
}
