// SMS conversations (docs/rules/messaging.md#conversations): the threads list, one thread (opening it marks it read)
// and an answer from it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationDetail, ConversationUnreadCount, ReplyBody, ReplyResult } from '@contracts/conversations';
import { api } from '@/lib/api-client';

export const CONVERSATIONS_PAGE_SIZE = 50;

/** Every conversations key starts with 'conversations'. */
export const conversationKeys = {
  all: ['conversations'] as const,
  list: (params: { q: string; offset: number }) => ['conversations', 'list', params] as const,
  detail: (id: number) => ['conversations', 'detail', id] as const,
  unread: ['conversations', 'unread'] as const,
};

function conversationsPath(params: { q: string; offset: number }): string {
  const search = new URLSearchParams();
  if (params.q.trim()) search.set('q', params.q.trim());
  search.set('limit', String(CONVERSATIONS_PAGE_SIZE));
  if (params.offset) search.set('offset', String(params.offset));
  return `/api/conversations?${search.toString()}`;
}

export function useConversations(params: { q: string; offset: number }, enabled = true) {
  return useQuery({
    queryKey: conversationKeys.list(params),
    queryFn: ({ signal }) => api.getPage<Conversation>(conversationsPath(params), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Threads with replies nobody has opened: the Conversations tab's badge. */
export function useConversationUnreadCount() {
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: ({ signal }) => api.get<ConversationUnreadCount>('/api/conversations/unread-count', { signal }),
  });
}

/** Opening the thread marks its replies read on the server, so the list is fetched again after. */
export function useConversation(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.detail(id),
    queryFn: async ({ signal }) => {
      const thread = await api.get<ConversationDetail>(`/api/conversations/${id}`, { signal });
      void queryClient.invalidateQueries({ queryKey: [...conversationKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.unread });
      return thread;
    },
  });
}

export function useReply(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyBody) => api.post<ReplyResult>(`/api/conversations/${id}/messages`, body),
    // A repeated send would text the customer twice.
    retry: false,
    // A failed send is kept in the thread too, so it is fetched again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
