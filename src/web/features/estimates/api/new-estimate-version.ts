import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate } from '@contracts/estimates';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function newEstimateVersion(id: number): Promise<Estimate> {
  return api.post<Estimate>(`/api/estimates/${id}/versions`);
}

/** Keeps the current version as it was sent and makes the estimate a draft again, one version up. */
export function useNewEstimateVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newEstimateVersion,
    // A repeat after a lost answer would start yet another version.
    retry: false,
    onSuccess: () => invalidateAfterSave(queryClient, 'estimates'),
  });
}
