import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, UpdateUserBody, User } from '@contracts/users';
import { api } from '@/lib/api-client';
import { userKeys } from '@/features/users/api/get-users';

export type SaveUserInput = { id: null; body: CreateUserBody } | { id: number; body: UpdateUserBody };

/** Create (no id) or update; afterwards every users list, the super user's list and stats are refreshed. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserInput) => (input.id === null ? api.post<User>('/api/users', input.body) : api.put<User>(`/api/users/${input.id}`, input.body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
