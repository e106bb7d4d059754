import { useQuery } from '@tanstack/react-query';
import type { CustomerSmsOptOut } from '@contracts/conversations';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/features/customers/api/get-customers';

/** Whether the customer's phone replied STOP (docs/rules/messaging.md#sms-opt-outs); asked only when there is a phone. */
export function useCustomerSmsOptOut(customerId: number, phone: string | null) {
  return useQuery({
    queryKey: [...customerKeys.detail(customerId), 'sms-opt-out', phone],
    queryFn: ({ signal }) => api.get<CustomerSmsOptOut>(`/api/customers/${customerId}/sms-opt-out`, { signal }),
    enabled: Boolean(phone),
  });
}
