import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function createGenericPaymentLink(organizationId: number): Promise<{ paymentUrl: string }> {
  return api.post<{ paymentUrl: string }>('/api/generic-payment-links', { organizationId });
}

export function useCreateGenericPaymentLink() {
  return useMutation({ mutationFn: createGenericPaymentLink, retry: false });
}
