import { Navigate, Outlet, useLocation } from 'react-router';
import { isPortalRole } from '@contracts/permissions';
import { useCurrentUser } from '@/lib/auth/current-user';
import { AppShell } from '@/app/layout/app-shell';
import { PortalRedirect } from '@/app/routes/portal-redirect';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { useValidationWords } from '@/lib/use-validation-words';

/** The signed-in screens: staff get the shell, customers and guests their organization's page. */
export function StaffLayout() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  // Validation messages in words for every form of the signed-in screens.
  useValidationWords();

  if (!user) return pathname === '/' ? <Navigate to="/login" replace /> : <NotFoundScreen />;
  if (isPortalRole(user.role)) return <PortalRedirect />;
  if (user.role === 'super_user' && pathname === '/') return <Navigate to="/super-admin" replace />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
