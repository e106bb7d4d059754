import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorPayment, VendorPaymentFormInput } from '@contracts/vendors';
import { api } from '@/lib/api-client';
import { refreshAfterVendorChange } from '@/features/vendors/api/vendor-keys';

export function useCreateVendorPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorPaymentFormInput) => api.post<VendorPayment>('/api/vendor-payments', body),
    // Repeating a create whose answer was lost would record the bill twice.
    retry: false,
    onSuccess: () => refreshAfterVendorChange(queryClient),
  });
}

export function useUpdateVendorPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorPaymentFormInput }) => api.put<VendorPayment>(`/api/vendor-payments/${id}`, body),
    onSuccess: () => refreshAfterVendorChange(queryClient),
  });
}

export function useDeleteVendorPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/vendor-payments/${id}`),
    onSuccess: () => refreshAfterVendorChange(queryClient),
  });
}
