// Pay Invoice (docs/rules/customer-portal.md#portal-screen): the server starts a card payment, then the shared payment
// form takes the card and confirms it. Without a payment plan the payment is the balance due; under a plan the customer
// first chooses the amount: the next installment by default, or more, up to the balance due
// (docs/rules/money-and-payments.md#installments).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { PORTAL_MESSAGES, type PortalInvoice } from '@contracts/customer-portal';
import { formatDate } from '@contracts/format';
import { formatMoney, toCents } from '@contracts/money';
import type { ConfirmPaymentResponse } from '@contracts/payments';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PayWithIntent } from '@/components/payment/pay-with-intent';
import { startInvoicePayment, type PortalAccess } from '../api/portal-api';
import { defaultPayAmount, payAmountFormSchema } from '../lib/pay-amount-form';
import { installmentLabel } from '../portal-display';

interface PayInvoiceDialogProps {
  access: PortalAccess;
  invoice: PortalInvoice;
  onClose: () => void;
  onPaid: (result: ConfirmPaymentResponse) => void;
}

export function PayInvoiceDialog({ access, invoice, onClose, onPaid }: PayInvoiceDialogProps) {
  const [amount, setAmount] = useState<string | null>(null);
  const choosing = invoice.installment !== null && amount === null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="min-w-0" data-testid="pay-invoice-dialog">
        <DialogHeader>
          <DialogTitle>Pay Invoice</DialogTitle>
          <DialogDescription>
            Invoice {invoice.invoiceNumber} · Balance due {formatMoney(invoice.balanceDue)}
          </DialogDescription>
        </DialogHeader>
        {choosing ? (
          <ChooseAmount invoice={invoice} onCancel={onClose} onChosen={setAmount} />
        ) : (
          <CardStep access={access} invoice={invoice} amount={amount ?? undefined} onClose={onClose} onPaid={onPaid} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Under a payment plan: the amount, set to the next installment, which the customer may raise up to the balance due. */
function ChooseAmount({ invoice, onCancel, onChosen }: { invoice: PortalInvoice; onCancel: () => void; onChosen: (amount: string) => void }) {
  const resolver = useMemo(() => zodResolver(payAmountFormSchema(invoice.balanceDue)), [invoice.balanceDue]);
  const [defaultValues] = useState(() => ({ amount: defaultPayAmount(invoice) }));
  const form = useForm({ resolver, defaultValues });
  const installment = invoice.installment;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((out) => onChosen(out.amount))} noValidate className="grid min-w-0 gap-4" aria-label="Choose what to pay">
        {installment && (
          <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm" data-testid="pay-installment">
            <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span>
              <span className="font-medium">
                {installmentLabel(installment)}: {formatMoney(installment.amountDue)} due {formatDate(installment.dueDate)}.
              </span>{' '}
              The amount is set to this installment; you may pay more, up to the balance due of {formatMoney(invoice.balanceDue)}.
            </span>
          </p>
        )}
        <FormField
          control={form.control}
          name="amount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Amount</FormLabel>
              <FormControl>
                <Input inputMode="decimal" autoComplete="off" {...field} />
              </FormControl>
              <FormDescription>At most {formatMoney(invoice.balanceDue)}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </Form>
  );
}

/** Starts the payment once, then the card form. */
function CardStep({ access, invoice, amount, onClose, onPaid }: { access: PortalAccess; invoice: PortalInvoice; amount?: string; onClose: () => void; onPaid: (result: ConfirmPaymentResponse) => void }) {
  const intent = useMutation({
    mutationFn: () => startInvoicePayment(access, invoice.id, amount),
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

  if (intent.isPending || intent.isIdle) return <Spinner className="py-8" label="Preparing secure payment..." />;
  if (intent.isError) {
    return (
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
    );
  }
  // The card form's button always says what will be charged; should the server have prepared another amount than the
  // one chosen, say so before the customer pays.
  const differs = amount !== undefined && toCents(intent.data.amount) !== toCents(amount);
  return (
    <div className="space-y-4">
      {differs && (
        <Alert data-testid="pay-amount-differs">
          <AlertDescription>
            This payment was prepared for {formatMoney(intent.data.amount)}, not the {formatMoney(amount)} you chose. Pay it only if that is what you mean to
            pay.
          </AlertDescription>
        </Alert>
      )}
      <PayWithIntent intent={intent.data} payLabel={`Pay ${formatMoney(intent.data.amount)}`} onSucceeded={onPaid} onCancel={onClose} />
    </div>
  );
}
