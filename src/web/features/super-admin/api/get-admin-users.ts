import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@contracts/admin';
import { api } from '@/lib/api-client';

export const ADMIN_USERS_PAGE_SIZE = 50;

/** Every super administration query key starts with 'admin', so one invalidation refreshes the whole screen. */
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  stats: ['admin', 'system-stats'] as const,
  auditLog: (action: string, organizationId: string, page: number) => ['admin', 'audit-log', action, organizationId, page] as const,
};

function listPath(q: string, page: number): string {
  const search = new URLSearchParams({ limit: String(ADMIN_USERS_PAGE_SIZE) });
  if (q) search.set('q', q);
  if (page > 0) search.set('offset', String(page * ADMIN_USERS_PAGE_SIZE));
  return `/api/admin/users?${search.toString()}`;
}

/** Every user, sorted by first name (docs/rules/organizations-and-roles.md#super-user-dashboard) (by the server, across pages). */
export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ signal }) => api.getPage<AdminUser>(listPath(q, page), { signal }),
    placeholderData: keepPreviousData,
  });
}
