import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin';
import type { Role } from '@contracts/permissions';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/features/super-admin/api/get-admin-users';

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role }) => api.put<AdminUser>(`/api/admin/users/${id}/role`, { role }),
    // A failed change is shown and left to the user; a silent second try could apply a role they gave up on.
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
