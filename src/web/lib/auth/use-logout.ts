import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearImpersonationToken } from '@/lib/impersonation-token';
import { hardNavigate } from '@/lib/hard-navigate';
import { toast } from '@/components/ui/use-toast';
import { preloadToaster } from '@/components/ui/lazy-toaster';

const REDIRECT_DELAY_MS = 500;

export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}

/** docs/rules/sign-in-and-sessions.md#logout: 'Logged out', then /login after 0.5 s; on failure /login anyway. */
export function useLogout(): { signOut: () => void; isSigningOut: boolean } {
  const queryClient = useQueryClient();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = () => {
    if (isSigningOut) return;
    setIsSigningOut(true);
    // 'Logged out' has only half a second before the page changes.
    preloadToaster();
    logout()
      .then(() => {
        queryClient.clear();
        clearImpersonationToken();
        toast({ title: 'Logged out' });
        window.setTimeout(() => hardNavigate('/login'), REDIRECT_DELAY_MS);
      })
      .catch(() => {
        clearImpersonationToken();
        hardNavigate('/login');
      });
  };

  return { signOut, isSigningOut };
}
