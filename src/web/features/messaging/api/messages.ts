import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateMessageInput, Message } from '@contracts/messaging';
import { api } from '@/lib/api-client';
import { messageKeys, refreshAfterMessageChange } from '@/features/messaging/api/messaging-keys';

export const MESSAGES_PAGE_SIZE = 50;

function messagesPath(params: { q: string; offset: number }): string {
  const search = new URLSearchParams();
  if (params.q.trim()) search.set('q', params.q.trim());
  search.set('limit', String(MESSAGES_PAGE_SIZE));
  if (params.offset) search.set('offset', String(params.offset));
  return `/api/messages?${search.toString()}`;
}

/** One page of messages, newest first; `q` searches subject and content on the server. */
export function useMessages(params: { q: string; offset: number }) {
  return useQuery({
    queryKey: messageKeys.list(params),
    queryFn: ({ signal }) => api.getPage<Message>(messagesPath(params), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMessageInput) => api.post<Message>('/api/messages', body),
    // Repeating a create whose answer was lost could send the message twice.
    retry: false,
    // A failed send still leaves the draft behind, so the list is refreshed either way.
    onSettled: () => refreshAfterMessageChange(queryClient),
  });
}

/** PUT {status: 'sent', sentDate} (docs/rules/messaging.md#messages). The server sends each message once (409 after). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<Message>(`/api/messages/${id}`, { status: 'sent', sentDate: new Date().toISOString() }),
    retry: false,
    onSettled: () => refreshAfterMessageChange(queryClient),
  });
}
