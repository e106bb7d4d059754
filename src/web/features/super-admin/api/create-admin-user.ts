import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin';
import type { AdminCreateUserBody } from '@contracts/users';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/features/super-admin/api/get-admin-users';

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserBody) => api.post<AdminUser>('/api/admin/users', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
