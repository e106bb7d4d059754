import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxReplyBody, OutboxReplyResult } from '@contracts/conversations';
import { api } from '@/lib/api-client';

/**
 * "Reply as recipient" (docs/rules/messaging.md#replies-on-this-machine): the text is filed as Twilio's webhook files
 * a reply, under the organization that last texted the number.
 */
export function useReplyAsRecipient(outboxId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OutboxReplyBody) => api.post<OutboxReplyResult>(`/api/dev/outbox/${outboxId}/reply`, body),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dev', 'outbox'] }),
  });
}
