import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkOrder } from '@contracts/work-orders';
import { api, type Page } from '@/lib/api-client';
import { listPath, PAGE_SIZE } from '@/lib/list-path';

export interface WorkOrderListParams {
  q?: string;
  page?: number;
  customerId?: number | null;
  limit?: number;
}

export function getWorkOrders(params: WorkOrderListParams, signal?: AbortSignal): Promise<Page<WorkOrder>> {
  const limit = params.limit ?? PAGE_SIZE;
  const path = listPath('/api/work-orders', { q: params.q, customerId: params.customerId, limit, offset: (params.page ?? 0) * limit });
  return api.getPage<WorkOrder>(path, { signal });
}

export function workOrdersQueryOptions(params: WorkOrderListParams) {
  return queryOptions({
    queryKey: ['work-orders', 'list', params],
    queryFn: ({ signal }) => getWorkOrders(params, signal),
  });
}

/** A page of work orders; the previous page stays on screen while the next one loads. */
export function useWorkOrders(params: WorkOrderListParams) {
  return useQuery({ ...workOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
