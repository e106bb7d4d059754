import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin';
import { api } from '@/lib/api-client';

export const adminUsersQueryKey = ['admin', 'users'] as const;

export function getAdminUsers(): Promise<AdminUser[]> {
  return api.get<AdminUser[]>('/api/admin/users');
}

function byFirstName(a: AdminUser, b: AdminUser): number {
  return (a.firstName ?? '').localeCompare(b.firstName ?? '', 'en', { sensitivity: 'base' });
}

/** Part 2: the list is sorted by first name. */
export function useAdminUsers() {
  return useQuery({
    queryKey: adminUsersQueryKey,
    queryFn: getAdminUsers,
    select: (users) => [...users].sort(byFirstName),
  });
}
