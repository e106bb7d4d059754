// The organization's short links (docs/rules/short-urls.md#short-urls).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShortUrlBody, ShortUrl, UpdateShortUrlBody } from '@contracts/short-urls';
import { api } from '@/lib/api-client';

/** DEFAULT_PAGE_SIZE of @contracts/lists, written out so the list does not load zod (the form's validator loads it on use). */
export const SHORT_URLS_PAGE_SIZE = 50;

const shortUrlKeys = {
  all: ['short-urls'] as const,
  list: (q: string, offset: number) => ['short-urls', 'list', q, offset] as const,
};

function listPath(q: string, offset: number): string {
  const search = new URLSearchParams({ limit: String(SHORT_URLS_PAGE_SIZE) });
  if (q) search.set('q', q);
  if (offset) search.set('offset', String(offset));
  return `/api/short-urls?${search.toString()}`;
}

export function useShortUrls(q: string, offset: number) {
  return useQuery({
    queryKey: shortUrlKeys.list(q, offset),
    queryFn: ({ signal }) => api.getPage<ShortUrl>(listPath(q, offset), { signal }),
    placeholderData: keepPreviousData,
  });
}

export type SaveShortUrlInput = { id: null; body: CreateShortUrlBody } | { id: number; body: UpdateShortUrlBody };

export function useSaveShortUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveShortUrlInput) =>
      input.id === null ? api.post<ShortUrl>('/api/short-urls', input.body) : api.put<ShortUrl>(`/api/short-urls/${input.id}`, input.body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shortUrlKeys.all }),
  });
}
