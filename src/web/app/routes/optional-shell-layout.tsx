import { Outlet } from 'react-router';
import { isStaffRole } from '@contracts/permissions';
import { useCurrentUser } from '@/lib/auth/current-user';
import { AppShell } from '@/app/layout/app-shell';

/** Pages open to everyone: inside the shell for staff, on their own for everyone else. */
export function OptionalShellLayout() {
  const { user } = useCurrentUser();
  if (user && isStaffRole(user.role)) {
    return (
      <AppShell>
        <Outlet />
      </AppShell>
    );
  }
  // On their own the pages still need a main landmark, as the shell gives them one.
  return (
    <main>
      <Outlet />
    </main>
  );
}
