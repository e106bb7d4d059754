import type { AdminUser } from '@contracts/admin';
import { displayName } from '@contracts/format';
import { ROLE_LABELS } from '@contracts/permissions';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

interface ImpersonateDialogProps {
  user: AdminUser | null;
  isPending: boolean;
  onConfirm: (user: AdminUser) => void;
  onCancel: () => void;
}

export function ImpersonateDialog({ user, isPending, onConfirm, onCancel }: ImpersonateDialogProps) {
  return (
    <AlertDialog open={user !== null} onOpenChange={(open) => !open && !isPending && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Impersonate {user ? displayName(user) : ''}?</AlertDialogTitle>
          <AlertDialogDescription>
            {user && (
              <>
                You will use Tradebook as {displayName(user)} ({user.email}), {ROLE_LABELS[user.role]}
                {user.organizationName ? ` at ${user.organizationName}` : ''}, for up to 24 hours. Everything you do is done as this user
                and recorded in the audit log. Use Exit Impersonation on the banner to return.
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog must stay open while the request runs. */}
          <Button onClick={() => user && onConfirm(user)} disabled={isPending}>
            {isPending ? 'Starting...' : 'Start impersonation'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
