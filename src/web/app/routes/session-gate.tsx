import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';

/** Session-dependent routes wait for the current user; public pages never do. */
export function SessionGate() {
  const { isLoading } = useCurrentUser();
  return isLoading ? <PageSpinner /> : <Outlet />;
}
