import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentProcessor, ProcessorBodyInput } from '@contracts/payment-processors';
import { api } from '@/lib/api-client';
import { processorKeys } from '@/features/payment-processors/api/get-payment-processors';

export type SaveProcessorInput = { id: null; body: ProcessorBodyInput } | { id: number; body: Partial<ProcessorBodyInput> };

export function createPaymentProcessor(body: ProcessorBodyInput): Promise<PaymentProcessor> {
  return api.post<PaymentProcessor>('/api/payment-processors', body);
}

export function updatePaymentProcessor(id: number, body: Partial<ProcessorBodyInput>): Promise<PaymentProcessor> {
  return api.put<PaymentProcessor>(`/api/payment-processors/${id}`, body);
}

export function deletePaymentProcessor(id: number): Promise<void> {
  return api.delete<void>(`/api/payment-processors/${id}`);
}

/**
 * Every change refreshes the whole list: activating or saving one processor as active turns the
 * organization's others off on the server.
 */
function useRefreshProcessors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: processorKeys.all });
}

/** Create (no id) or update. */
export function useSavePaymentProcessor() {
  const refresh = useRefreshProcessors();
  return useMutation({
    mutationFn: (input: SaveProcessorInput) => (input.id === null ? createPaymentProcessor(input.body) : updatePaymentProcessor(input.id, input.body)),
    onSuccess: refresh,
  });
}

/** Activate sends only `{ isActive: true }` (docs/rules/money-and-payments.md#payment-processors-screen). */
export function useActivatePaymentProcessor() {
  const refresh = useRefreshProcessors();
  return useMutation({ mutationFn: (id: number) => updatePaymentProcessor(id, { isActive: true }), onSuccess: refresh });
}

export function useDeletePaymentProcessor() {
  const refresh = useRefreshProcessors();
  return useMutation({ mutationFn: (id: number) => deletePaymentProcessor(id), onSuccess: refresh });
}
