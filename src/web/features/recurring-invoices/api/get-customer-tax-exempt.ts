import { useQuery } from '@tanstack/react-query';
import type { Customer } from '@contracts/customers';
import { api } from '@/lib/api-client';

/**
 * Whether a saved schedule's customer is tax exempt, for the live totals: the schedule's answer does not say. Under
 * 'customers', so editing the customer refreshes it; a failure prices with tax, as the picker would have.
 */
export function useCustomerTaxExempt(customerId: number | null) {
  const query = useQuery({
    queryKey: ['customers', 'detail', customerId ?? 0],
    queryFn: () => api.get<Customer>(`/api/customers/${customerId}`),
    enabled: customerId !== null,
    select: (customer) => customer.taxExempt,
  });
  return query.data ?? false;
}
