import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ImpersonationStatus } from '@contracts/auth';
import { api } from '@/lib/api-client';
import { clearImpersonationToken, getImpersonationToken } from '@/lib/impersonation-token';
import { hardNavigate } from '@/lib/hard-navigate';

/** docs/rules/sign-in-and-sessions.md#session-states: impersonating when a token is stored or the URL carries `impersonating`. */
export function isImpersonatingSession(): boolean {
  return getImpersonationToken() !== null || new URLSearchParams(window.location.search).has('impersonating');
}

export function getImpersonationStatus(): Promise<ImpersonationStatus | null> {
  return api.get<ImpersonationStatus | null>('/api/auth/impersonation-status', { on401: 'returnNull' });
}

/** The status of the current impersonation, fetched only while one may be active. */
export function useImpersonationStatus() {
  const enabled = isImpersonatingSession();
  const query = useQuery({
    queryKey: ['auth', 'impersonation-status'],
    queryFn: getImpersonationStatus,
    enabled,
    retry: false,
  });
  const hasEnded = query.data?.isImpersonating === false;
  useEffect(() => {
    // An expired token (24 h) or one ended in another tab is ignored by the server; forget it too.
    if (hasEnded) clearImpersonationToken();
  }, [hasEnded]);
  return query;
}

export function isSuperUserImpersonation(status: ImpersonationStatus | null | undefined): boolean {
  return Boolean(status?.isImpersonating && status.originalUser?.role === 'super_user');
}

export function endImpersonation(): Promise<void> {
  return api.post<void>('/api/admin/end-impersonation');
}

/** Ends the impersonation on the server, forgets the token and reloads at `destination`. */
export function useExitImpersonation(destination: '/super-admin' | '/login') {
  return useMutation({
    mutationFn: endImpersonation,
    retry: false,
    // The token is dropped whatever the server says: a stale token must never keep acting.
    onSettled: () => {
      clearImpersonationToken();
      hardNavigate(destination);
    },
  });
}
