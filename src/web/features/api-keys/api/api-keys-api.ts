// The organization's API keys (docs/rules/public-api.md#api-keys): the list, creating one (its secret answered once)
// and revoking one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKey, CreatedApiKey } from '@contracts/api-keys';
import { api } from '@/lib/api-client';
import { listPath } from '@/lib/list-path';

export const API_KEYS_PAGE_SIZE = 25;

export const apiKeysKey = ['api-keys'] as const;

export function useApiKeys(params: { q: string; offset: number }) {
  return useQuery({
    queryKey: [...apiKeysKey, 'list', params],
    queryFn: ({ signal }) => api.getPage<ApiKey>(listPath('/api/api-keys', { ...params, limit: API_KEYS_PAGE_SIZE }), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKey) => api.post<CreatedApiKey>('/api/api-keys', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ApiKey>(`/api/api-keys/${id}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
