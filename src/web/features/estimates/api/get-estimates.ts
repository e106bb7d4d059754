import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EstimateListItem } from '@contracts/estimates';
import { api, type Page } from '@/lib/api-client';
import { listPath, PAGE_SIZE } from '@/lib/list-path';

export interface EstimateListParams {
  q?: string;
  page?: number;
}

export function getEstimates(params: EstimateListParams, signal?: AbortSignal): Promise<Page<EstimateListItem>> {
  const path = listPath('/api/estimates', { q: params.q, limit: PAGE_SIZE, offset: (params.page ?? 0) * PAGE_SIZE });
  return api.getPage<EstimateListItem>(path, { signal });
}

export function estimatesQueryOptions(params: EstimateListParams) {
  return queryOptions({ queryKey: ['estimates', 'list', params], queryFn: ({ signal }) => getEstimates(params, signal) });
}

export function useEstimates(params: EstimateListParams) {
  return useQuery({ ...estimatesQueryOptions(params), placeholderData: keepPreviousData });
}
