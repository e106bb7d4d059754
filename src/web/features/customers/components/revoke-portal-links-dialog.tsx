// "Revoke portal links" on a customer's row (docs/customer-portal.md, Portal links): asks first, because every
// link the customer holds stops working at once, those in invoice e-mails included.
import { useState } from 'react';
import type { Customer } from '@contracts/customers';
import { PORTAL_MESSAGES } from '@contracts/customer-portal';
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
import { revokePortalLinks } from '@/features/customers/api/portal-links';

/** '2 active links no longer work.' / 'There were no active links.' */
export function revokedDescription(revoked: number): string {
  if (revoked === 0) return 'There were no active links.';
  return `${revoked} active ${revoked === 1 ? 'link no longer works' : 'links no longer work'}.`;
}

/** Stays open, its buttons disabled, until the server has answered. */
export function RevokePortalLinksDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const [working, setWorking] = useState(false);
  const confirm = async () => {
    setWorking(true);
    try {
      const { revoked } = await revokePortalLinks(customer.id);
      toast({ title: PORTAL_MESSAGES.linksRevoked, description: revokedDescription(revoked) });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to revoke portal links', description: errorMessage(error) });
      setWorking(false);
    }
  };
  return (
    <AlertDialog open onOpenChange={(open) => !open && !working && onClose()}>
      <AlertDialogContent data-testid="revoke-portal-links-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke portal links?</AlertDialogTitle>
          <AlertDialogDescription>
            Every portal link sent to {customer.name}, including the links in invoice e-mails, stops working now. Anyone opening one is told the
            link is invalid. Signing in to a customer account is not affected, and you can e-mail a new link.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={working}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={() => void confirm()} disabled={working}>
            {working ? 'Revoking...' : 'Revoke links'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
