import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomerBody, Customer, UpdateCustomerBody } from '@contracts/customers';
import { api } from '@/lib/api-client';
import { customerKeys } from '@/features/customers/api/get-customers';

export function createCustomer(body: CreateCustomerBody): Promise<Customer> {
  return api.post<Customer>('/api/customers', body);
}

export function updateCustomer(id: number, body: UpdateCustomerBody): Promise<Customer> {
  return api.put<Customer>(`/api/customers/${id}`, body);
}

export type SaveCustomerInput = { id: null; body: CreateCustomerBody } | { id: number; body: UpdateCustomerBody };

/** Create (no id) or update; afterwards every customers list and the dashboard figures are refreshed. */
export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveCustomerInput) => (input.id === null ? createCustomer(input.body) : updateCustomer(input.id, input.body)),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
