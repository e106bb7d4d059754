import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '@/lib/auth/current-user';

/** /login and /register: a signed-in super user goes to /super-admin, anyone else to /. */
export function GuestOnlyLayout() {
  const { user } = useCurrentUser();
  if (!user) return <Outlet />;
  return <Navigate to={user.role === 'super_user' ? '/super-admin' : '/'} replace />;
}
