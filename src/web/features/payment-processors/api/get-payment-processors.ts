import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentProcessor } from '@contracts/payment-processors';
import { api } from '@/lib/api-client';

/** Every processors query key starts with 'payment-processors', so one invalidation refreshes them all. */
export const processorKeys = {
  all: ['payment-processors'] as const,
  list: (organizationId: number) => ['payment-processors', 'list', organizationId] as const,
};

/** An organization has a handful of processors: one page holds them all. */
const LIST_LIMIT = 500;

export function getPaymentProcessors(organizationId: number, signal?: AbortSignal): Promise<PaymentProcessor[]> {
  return api.get<PaymentProcessor[]>(`/api/payment-processors?organizationId=${organizationId}&limit=${LIST_LIMIT}`, { signal });
}

export function paymentProcessorsQueryOptions(organizationId: number) {
  return queryOptions({
    queryKey: processorKeys.list(organizationId),
    queryFn: ({ signal }) => getPaymentProcessors(organizationId, signal),
  });
}

/** Fetched only once an organization is chosen (docs/rules/money-and-payments.md#payment-processors-screen). */
export function usePaymentProcessors(organizationId: number | null) {
  return useQuery({ ...paymentProcessorsQueryOptions(organizationId ?? 0), enabled: organizationId !== null && organizationId > 0 });
}
