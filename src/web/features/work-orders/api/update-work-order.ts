import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWorkOrderInput, WorkOrder } from '@contracts/work-orders';
import { api } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export interface UpdateWorkOrderVariables {
  id: number;
  /** Only the fields sent change (a status-only update for Start and Complete). */
  input: UpdateWorkOrderInput;
}

export function updateWorkOrder({ id, input }: UpdateWorkOrderVariables): Promise<WorkOrder> {
  return api.put<WorkOrder>(`/api/work-orders/${id}`, input);
}

export function useUpdateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkOrder,
    onSuccess: () => invalidateAfterSave(queryClient, 'work-orders'),
  });
}
