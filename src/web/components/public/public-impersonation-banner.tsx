import { ShieldAlert } from 'lucide-react';
import { isSuperUserImpersonation, useExitImpersonation, useImpersonationStatus } from '@/lib/auth/impersonation';
import { Button } from '@/components/ui/button';

/** docs/rules/organizations-and-roles.md#impersonation-banner: exiting from the public pages goes to /login, not back into the shell. */
export function PublicImpersonationBanner() {
  const { data: status } = useImpersonationStatus();
  const exit = useExitImpersonation('/login');
  if (!isSuperUserImpersonation(status)) return null;
  const user = status?.impersonatedUser;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');

  return (
    <div role="status" data-testid="impersonation-banner" className="bg-orange-700 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2 text-sm sm:flex-row sm:items-center sm:justify-between md:px-6">
        <p className="flex items-center gap-2">
          <ShieldAlert className="size-4 shrink-0" aria-hidden />
          <span>
            <span className="font-bold">IMPERSONATION MODE ACTIVE</span>
            {user && <span className="ml-2">You are viewing as: {name} ({user.email})</span>}
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="border-white/70 bg-transparent text-white hover:bg-white hover:text-orange-800"
          onClick={() => exit.mutate()}
          disabled={exit.isPending}
        >
          {exit.isPending ? 'Exiting...' : 'Exit Impersonation'}
        </Button>
      </div>
    </div>
  );
}
