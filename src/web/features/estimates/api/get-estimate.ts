import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Estimate } from '@contracts/estimates';
import { api } from '@/lib/api-client';

export function getEstimate(id: number): Promise<Estimate> {
  return api.get<Estimate>(`/api/estimates/${id}`);
}

export function estimateQueryOptions(id: number) {
  return queryOptions({ queryKey: ['estimates', 'detail', id], queryFn: () => getEstimate(id) });
}

export function useEstimate(id: number | null) {
  return useQuery({ ...estimateQueryOptions(id ?? 0), enabled: id !== null });
}
