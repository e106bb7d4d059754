import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@contracts/customers';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/features/customers/api/get-customers';

export function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return api.get<Customer>(`/api/customers/${id}`, { signal });
}

export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });
}

export function useCustomer(id: number | null | undefined) {
  return useQuery({ ...customerQueryOptions(id ?? 0), enabled: typeof id === 'number' && id > 0 });
}
