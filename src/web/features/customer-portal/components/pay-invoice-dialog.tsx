// Pay Invoice (docs/rules/customer-portal.md#portal-screen): the server starts a card payment of the balance due, then the shared
// payment form takes the card and confirms it.
import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PORTAL_MESSAGES, type PortalInvoice } from '@contracts/customer-portal';
import { formatMoney } from '@contracts/money';
import type { ConfirmPaymentResponse } from '@contracts/payments';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PayWithIntent } from '@/components/payment/pay-with-intent';
import { startInvoicePayment, type PortalAccess } from '../api/portal-api';

interface PayInvoiceDialogProps {
  access: PortalAccess;
  invoice: PortalInvoice;
  onClose: () => void;
  onPaid: (result: ConfirmPaymentResponse) => void;
}

export function PayInvoiceDialog({ access, invoice, onClose, onPaid }: PayInvoiceDialogProps) {
  const intent = useMutation({
    mutationFn: () => startInvoicePayment(access, invoice.id),
    onError: () => toast({ variant: 'destructive', title: PORTAL_MESSAGES.paymentErrorTitle, description: PORTAL_MESSAGES.paymentError }),
  });
  // One intent per opening, also under StrictMode's double effects.
  const started = useRef(false);
  const { mutate } = intent;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pay Invoice</DialogTitle>
          <DialogDescription>
            Invoice {invoice.invoiceNumber} · Balance due {formatMoney(invoice.balanceDue)}
          </DialogDescription>
        </DialogHeader>
        {intent.isPending || intent.isIdle ? (
          <Spinner className="py-8" label="Preparing secure payment..." />
        ) : intent.isError ? (
          <div className="space-y-4">
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(intent.error, PORTAL_MESSAGES.paymentError)}</AlertDescription>
            </Alert>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => intent.mutate()}>Try again</Button>
            </div>
          </div>
        ) : (
          <PayWithIntent intent={intent.data} payLabel={`Pay ${formatMoney(intent.data.amount)}`} onSucceeded={onPaid} onCancel={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
