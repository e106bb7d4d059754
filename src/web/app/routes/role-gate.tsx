import type { ReactNode } from 'react';
import { ShieldX } from 'lucide-react';
import type { Role } from '@contracts/permissions';
import { useCurrentUser } from '@/lib/auth/current-user';

/** Screens the menu hides from a role say so plainly when reached by URL (the server refuses anyway). */
export function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useCurrentUser();
  if (user && roles.includes(user.role)) return <>{children}</>;
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center" data-testid="access-denied">
      <ShieldX className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-xl font-semibold">Access denied</h1>
      <p className="max-w-sm text-sm text-muted-foreground">Your role does not give access to this page. Ask your organization admin if you need it.</p>
    </div>
  );
}
