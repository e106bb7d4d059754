import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vendor, VendorFormInput } from '@contracts/vendors';
import { api } from '@/lib/api-client';
import { refreshAfterVendorChange } from '@/features/vendors/api/vendor-keys';

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VendorFormInput) => api.post<Vendor>('/api/vendors', body),
    // Repeating a create whose answer was lost would add the vendor twice.
    retry: false,
    onSuccess: () => refreshAfterVendorChange(queryClient),
  });
}

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VendorFormInput }) => api.put<Vendor>(`/api/vendors/${id}`, body),
    onSuccess: () => refreshAfterVendorChange(queryClient),
  });
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/api/vendors/${id}`),
    onSuccess: () => refreshAfterVendorChange(queryClient),
  });
}
