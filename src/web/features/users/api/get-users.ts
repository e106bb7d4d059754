import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@contracts/users';
import { api } from '@/lib/api-client';

/** DEFAULT_PAGE_SIZE of @contracts/lists, written out so the list does not load zod for a number. */
export const USERS_PAGE_SIZE = 50;

/** Every users query key starts with 'users', so one invalidation refreshes them all. */
export const userKeys = {
  all: ['users'] as const,
  list: (q: string, page: number) => ['users', 'list', q, page] as const,
};

function listPath(q: string, page: number): string {
  const search = new URLSearchParams({ limit: String(USERS_PAGE_SIZE) });
  if (q) search.set('q', q);
  if (page > 0) search.set('offset', String(page * USERS_PAGE_SIZE));
  return `/api/users?${search.toString()}`;
}

/** One page of the users the caller manages, sorted by first name; q searches name, e-mail and company. */
export function useUsers(q: string, page: number) {
  return useQuery({
    queryKey: userKeys.list(q, page),
    queryFn: ({ signal }) => api.getPage<User>(listPath(q, page), { signal }),
    placeholderData: keepPreviousData,
  });
}
