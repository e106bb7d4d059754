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
import { ACTION_FAILURE_TITLES, portalToast } from '@/features/payment-analytics/action-messages';
import { countOf } from '@/features/payment-analytics/analytics-display';
import { useAnalyticsAction, type OrganizationScope } from '@/features/payment-analytics/api/payment-analytics-api';

/** Asks before opening the portal to many customers at once; stays open until the server has answered. */
export function EnablePortalDialog({ count, organizationId, onClose }: { count: number; organizationId: OrganizationScope; onClose: () => void }) {
  const enable = useAnalyticsAction('enable-portal');
  const confirm = () =>
    enable.mutate(organizationId, {
      onSuccess: (r) => {
        toast(portalToast(r));
        onClose();
      },
      onError: (error) => toast({ variant: 'destructive', title: ACTION_FAILURE_TITLES['enable-portal'], description: errorMessage(error) }),
    });
  return (
    <AlertDialog open onOpenChange={(open) => !open && !enable.isPending && onClose()}>
      <AlertDialogContent data-testid="enable-portal-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Enable portal access?</AlertDialogTitle>
          <AlertDialogDescription>
            Portal access will be turned on for {countOf(count, 'customer')} without it. They will be able to sign in to the customer portal to view
            their invoices and pay online.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={enable.isPending}>Cancel</AlertDialogCancel>
          <Button onClick={confirm} disabled={enable.isPending}>
            {enable.isPending ? 'Enabling...' : 'Enable Portal'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
