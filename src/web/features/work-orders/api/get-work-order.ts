import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrder } from '@contracts/work-orders';
import { api } from '@/lib/api-client';

export function getWorkOrder(id: number): Promise<WorkOrder> {
  return api.get<WorkOrder>(`/api/work-orders/${id}`);
}

export function workOrderQueryOptions(id: number) {
  return queryOptions({ queryKey: ['work-orders', 'detail', id], queryFn: () => getWorkOrder(id) });
}

export function useWorkOrder(id: number | null) {
  return useQuery({ ...workOrderQueryOptions(id ?? 0), enabled: id !== null });
}
