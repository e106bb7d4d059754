// Add Payment Method (docs/rules/customer-portal.md#saved-payment-methods: a real setup intent, not a toast): the server starts
// saving a card through the organization's processor; the built-in test gateway gets our own card form,
// Stripe gets its card Element (loaded only then).
import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@contracts/customer-portal';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { reportSetupFailure, SaveCardWithSetup } from '@/components/payment/save-card-with-setup';
import { startCardSetup, type PortalAccess } from '../api/portal-api';

interface AddPaymentMethodDialogProps {
  access: PortalAccess;
  customerId: number;
  onClose: () => void;
  onSaved: (method: SavedPaymentMethod) => void;
}

export function AddPaymentMethodDialog({ access, customerId, onClose, onSaved }: AddPaymentMethodDialogProps) {
  const setup = useMutation({ mutationFn: () => startCardSetup(access, customerId), onError: reportSetupFailure });
  const started = useRef(false);
  const { mutate } = setup;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Payment Method</DialogTitle>
          <DialogDescription>Save a card for future payments. Your card details go to the payment processor, never to us.</DialogDescription>
        </DialogHeader>
        {setup.isPending || setup.isIdle ? (
          <Spinner className="py-8" label="Preparing secure form..." />
        ) : setup.isError ? (
          <div className="space-y-4">
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(setup.error, 'Your card could not be saved. Please try again.')}</AlertDescription>
            </Alert>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => setup.mutate()}>Try again</Button>
            </div>
          </div>
        ) : (
          <SaveCardWithSetup setup={setup.data} onSaved={onSaved} onCancel={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
