import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@contracts/search';
import { api } from '@/lib/api-client';

/** Up to 5 customers, work orders, estimates and invoices matching `q` (docs/rules/lists.md#top-bar-search). */
export function searchRecords(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`, { signal });
}

export function searchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['search', q] as const,
    queryFn: ({ signal }) => searchRecords(q, signal),
    // Records change as people work; a search repeated a little later should see them.
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useSearchRecords(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q.length > 0 });
}
