import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageTemplate, TemplateFormInput } from '@contracts/messaging';
import { api } from '@/lib/api-client';
import { templateKeys } from '@/features/messaging/api/messaging-keys';

/** The list endpoint's largest page: an organization keeps a handful of templates. */
const TEMPLATES_LIMIT = 500;

export function useMessageTemplates(enabled = true) {
  return useQuery({
    queryKey: templateKeys.all,
    queryFn: async ({ signal }) => (await api.getPage<MessageTemplate>(`/api/message-templates?limit=${TEMPLATES_LIMIT}`, { signal })).rows,
    enabled,
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TemplateFormInput }) =>
      id ? api.put<MessageTemplate>(`/api/message-templates/${id}`, body) : api.post<MessageTemplate>('/api/message-templates', body),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/message-templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
