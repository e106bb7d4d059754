import { useRef } from 'react';
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
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { ACTION_FAILURE_TITLES, invitesToast, portalToast, remindersToast, type ActionToast } from '@/features/payment-analytics/action-messages';
import {
  useAnalyticsAction,
  type AnalyticsAction,
  type AnalyticsActionResults,
  type OrganizationScope,
} from '@/features/payment-analytics/api/payment-analytics-api';

const RESULT_TOASTS: { [A in AnalyticsAction]: (r: AnalyticsActionResults[A]) => ActionToast } = {
  'send-reminders': remindersToast,
  'enable-portal': portalToast,
  'send-autopay-invites': invitesToast,
};

export interface ActionConfirmation {
  title: string;
  description: string;
  /** The confirm button, naming the count: "Send 5 reminders". */
  confirmLabel: string;
  pendingLabel: string;
}

/**
 * Asks once before an action that reaches many customers, then runs it once: the confirm button disables itself on
 * the first click (a double click or Enter pressed twice sends one request), and the dialog stays open until the
 * server has answered. The server also skips whom it reached recently (docs/decisions/017-money-figures.md).
 */
export function ConfirmActionDialog<A extends AnalyticsAction>({
  action,
  organizationId,
  confirmation,
  onClose,
}: {
  action: A;
  organizationId: OrganizationScope;
  confirmation: ActionConfirmation;
  onClose: () => void;
}) {
  const run = useAnalyticsAction(action);
  // Set in the click itself, before React re-renders the disabled button.
  const started = useRef(false);
  const confirm = () => {
    if (started.current) return;
    started.current = true;
    run.mutate(organizationId, {
      onSuccess: (r) => {
        toast(RESULT_TOASTS[action](r));
        onClose();
      },
      onError: (error) => {
        started.current = false;
        toast({ variant: 'destructive', title: ACTION_FAILURE_TITLES[action], description: errorMessage(error) });
      },
    });
  };
  return (
    <AlertDialog open onOpenChange={(open) => !open && !run.isPending && onClose()}>
      <AlertDialogContent data-testid={`confirm-${action}`}>
        <AlertDialogHeader>
          <AlertDialogTitle>{confirmation.title}</AlertDialogTitle>
          <AlertDialogDescription>{confirmation.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={run.isPending}>Cancel</AlertDialogCancel>
          <Button onClick={confirm} disabled={run.isPending}>
            {run.isPending ? confirmation.pendingLabel : confirmation.confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
