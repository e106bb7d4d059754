import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEstimateInput, Estimate } from '@contracts/estimates';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function createEstimate(input: CreateEstimateInput): Promise<Estimate> {
  return api.post<Estimate>('/api/estimates', input);
}

export function useCreateEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEstimate,
    // A repeated create after a lost answer could number a second estimate: never retried.
    retry: false,
    onSuccess: () => invalidateAfterSave(queryClient, 'estimates'),
  });
}
