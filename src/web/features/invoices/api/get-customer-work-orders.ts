// The invoice form's work order selector: the chosen customer's work orders. Its key starts with 'work-orders', so
// saving a work order refreshes it too.
import { useQuery } from '@tanstack/react-query';
import type { WorkOrder } from '@contracts/work-orders';
import { api } from '@/lib/api-client';
import { listPath } from '@/lib/list-path';

/** The chosen customer's work orders, for the invoice form's work order selector. */
export function useCustomerWorkOrders(customerId: number | null) {
  return useQuery({
    queryKey: ['work-orders', 'list', { customerId, limit: 100 }],
    queryFn: ({ signal }) => api.getPage<WorkOrder>(listPath('/api/work-orders', { customerId, limit: 100 }), { signal }),
    enabled: customerId !== null,
  });
}
