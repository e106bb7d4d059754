import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@contracts/auth';
import { api } from '@/lib/api-client';

export const currentUserQueryKey = ['auth', 'me'] as const;

export function getCurrentUser(): Promise<CurrentUser | null> {
  return api.get<CurrentUser | null>('/api/auth/me', { on401: 'returnNull' });
}

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getCurrentUser,
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  retry: false,
});

export interface Session {
  user: CurrentUser | null;
  isLoading: boolean;
}

/** A failing current-user call means "not signed in" (docs/rules/sign-in-and-sessions.md#session-states). */
export function useCurrentUser(): Session {
  const query = useQuery(currentUserQueryOptions);
  return { user: query.isError ? null : (query.data ?? null), isLoading: query.isPending };
}
