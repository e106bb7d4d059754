import { ShieldAlert } from 'lucide-react';
import { isSuperUserImpersonation, useExitImpersonation, useImpersonationStatus } from '@/lib/auth/impersonation';
import { Button } from '@/components/ui/button';

/** docs/rules/organizations-and-roles.md#impersonation-banner: shown while a super user acts as someone else; exiting returns to /super-admin. */
export function ImpersonationBanner() {
  const { data: status } = useImpersonationStatus();
  const exit = useExitImpersonation('/super-admin');
  if (!isSuperUserImpersonation(status) || !status?.impersonatedUser) return null;
  const user = status.impersonatedUser;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <div role="status" data-testid="impersonation-banner" className="bg-orange-700 text-white">
      <div className="flex flex-col gap-2 px-4 py-2 sm:flex-row sm:items-center sm:justify-between md:px-6">
        <div className="flex items-start gap-2 text-sm sm:items-center">
          <ShieldAlert className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden />
          <p>
            <span className="font-bold tracking-wide">IMPERSONATION MODE ACTIVE</span>
            <span className="mx-2 hidden sm:inline" aria-hidden>
              ·
            </span>
            <span className="block sm:inline">
              You are viewing as: {name} ({user.email})
            </span>
          </p>
        </div>
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
