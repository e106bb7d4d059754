import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isPortalRole } from '@contracts/permissions';
import { useCurrentUser } from '@/lib/auth/current-user';
import { AppShell } from '@/app/layout/app-shell';
import { PageSpinner } from '@/components/ui/spinner';
import { useValidationWords } from '@/lib/use-validation-words';

// Only a signed-out visitor or a customer ever sees these, so staff pages do not load them.
const NotFoundScreen = lazy(() => import('@/features/not-found/not-found-screen').then((m) => ({ default: m.NotFoundScreen })));
const PortalRedirect = lazy(() => import('@/app/routes/portal-redirect').then((m) => ({ default: m.PortalRedirect })));

/** The signed-in screens: staff get the shell, customers and guests their organization's page. */
export function StaffLayout() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  // Validation messages in words for every form of the signed-in screens.
  useValidationWords();

  if (!user) {
    if (pathname === '/') return <Navigate to="/login" replace />;
    return (
      <Suspense fallback={<PageSpinner />}>
        <NotFoundScreen />
      </Suspense>
    );
  }
  if (isPortalRole(user.role)) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <PortalRedirect />
      </Suspense>
    );
  }
  if (user.role === 'super_user' && pathname === '/') return <Navigate to="/super-admin" replace />;
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
