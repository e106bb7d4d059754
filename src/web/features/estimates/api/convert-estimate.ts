import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConvertEstimateInput, Estimate } from '@contracts/estimates';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function convertEstimate({ id, input }: { id: number; input: ConvertEstimateInput }): Promise<Estimate> {
  return api.post<Estimate>(`/api/estimates/${id}/convert`, input);
}

/** An approved estimate becomes a work order and/or a draft invoice; their lists are fetched again too. */
export function useConvertEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertEstimate,
    retry: false,
    onSuccess: () =>
      Promise.all([invalidateAfterSave(queryClient, 'estimates'), invalidateAfterSave(queryClient, 'work-orders'), invalidateAfterSave(queryClient, 'invoices')]),
  });
}
