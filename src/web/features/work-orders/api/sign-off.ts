import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignOffBody, WorkOrder } from '@contracts/work-orders';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { invalidateAfterSave } from '@/lib/save-invalidation';

export function useSignOff(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignOffBody) => api.post<WorkOrder>(`/api/work-orders/${id}/sign-off`, body),
    onSuccess: () => invalidateAfterSave(queryClient, 'work-orders'),
  });
}

/** The job sheet PDF, with the customer's sign-off once signed (docs/rules/team.md#sign-off). */
export function downloadJobSheet(workOrder: Pick<WorkOrder, 'id' | 'orderNumber'>): Promise<string> {
  return downloadFile(`/api/work-orders/${workOrder.id}/pdf`, `work-order-${workOrder.orderNumber}.pdf`);
}
