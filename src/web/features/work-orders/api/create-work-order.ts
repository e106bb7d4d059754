import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkOrderInput, WorkOrder } from '@contracts/work-orders';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function createWorkOrder(input: CreateWorkOrderInput): Promise<WorkOrder> {
  return api.post<WorkOrder>('/api/work-orders', input);
}

export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkOrder,
    // A repeated create after a lost answer could number a second order: never retried.
    retry: false,
    onSuccess: () => invalidateAfterSave(queryClient, 'work-orders'),
  });
}
