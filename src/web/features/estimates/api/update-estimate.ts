import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate, UpdateEstimateInput } from '@contracts/estimates';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function updateEstimate({ id, input }: { id: number; input: UpdateEstimateInput }): Promise<Estimate> {
  return api.put<Estimate>(`/api/estimates/${id}`, input);
}

export function useUpdateEstimate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEstimate, onSuccess: () => invalidateAfterSave(queryClient, 'estimates') });
}
