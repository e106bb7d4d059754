// The invoice form's work order selector: the chosen customer's work orders. Its key starts with 'work-orders', so
// saving a work order refreshes it too.
import { useQuery } from '@tanstack/react-query';
import type { WorkOrder } from '@contracts/work-orders';
import { api } from '@/lib/api-client';
import { listPath } from '@/lib/list-path';

/** The chosen customer's work orders an invoice may still bill (not cancelled, on no invoice yet). */
export function useCustomerWorkOrders(customerId: number | null) {
  return useQuery({
    queryKey: ['work-orders', 'list', { customerId, limit: 100, invoiceable: 'true' }],
    queryFn: ({ signal }) => api.getPage<WorkOrder>(listPath('/api/work-orders', { customerId, limit: 100, invoiceable: 'true' }), { signal }),
    enabled: customerId !== null,
  });
}
