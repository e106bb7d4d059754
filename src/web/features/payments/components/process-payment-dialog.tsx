// Process Payment: card or bank transfer through the organization's processor (or the built-in test gateway).
// Step one collects what is paid; the server starts an intent; step two takes the card and confirms it.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_MESSAGES, type PaymentIntentResponse, type PaymentType } from '@contracts/payments';
import { formatMoney } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { createPaymentIntent, refreshAfterPayment, usePayableInvoices } from '../api/payments-api';
import { invoiceOptionLabel } from './invoice-option';
import { PayWithIntent } from '@/components/payment/pay-with-intent';
import { Field } from './record-payment-dialog';
import { validatePaymentDetails, type PaymentDetails } from './payment-details';

const EMPTY: PaymentDetails = { invoiceId: '', amount: '', customerName: '', description: '', reference: '', routingNumber: '', accountNumber: '' };

export function ProcessPaymentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const invoices = usePayableInvoices(open);
  const [type, setType] = useState<PaymentType>('card');
  const [details, setDetails] = useState<PaymentDetails>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PaymentDetails, string>>>({});
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const [pending, setPending] = useState(false);

  const set = (patch: Partial<PaymentDetails>) => setDetails((d) => ({ ...d, ...patch }));
  const close = () => {
    setDetails(EMPTY);
    setErrors({});
    setIntent(null);
    setType('card');
    onOpenChange(false);
  };

  // Part 1 section 5: choosing an invoice fills the amount and clears customer name and description.
  const chooseInvoice = (id: string) => {
    const invoice = invoices.data?.find((i) => String(i.id) === id);
    set(invoice ? { invoiceId: id, amount: invoice.balanceDue, customerName: '', description: '' } : { invoiceId: '' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validatePaymentDetails(details, type);
    setErrors(problem.fields);
    if (problem.toast) toast({ title: problem.toast.title, description: problem.toast.description, variant: 'destructive' });
    if (!problem.ok) return;
    setPending(true);
    try {
      setIntent(
        await createPaymentIntent({
          amount: details.amount,
          invoiceId: details.invoiceId ? Number(details.invoiceId) : null,
          customerName: details.customerName || null,
          description: details.description || null,
          reference: details.reference || null,
          paymentType: type,
        }),
      );
    } catch (err) {
      toast({ title: 'Failed to create payment intent', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const succeeded = async () => {
    toast({ title: 'Payment Successful', description: 'Payment has been processed successfully!' });
    await refreshAfterPayment(queryClient);
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Process Payment</DialogTitle>
          <DialogDescription>
            {intent ? `${formatMoney(intent.amount)} by ${intent.paymentType === 'bank' ? 'bank transfer' : 'card'}` : 'Take a card or bank payment.'}
          </DialogDescription>
        </DialogHeader>
        {intent ? (
          <PayWithIntent
            intent={intent}
            bank={type === 'bank' ? { routingNumber: details.routingNumber, accountNumber: details.accountNumber } : undefined}
            onSucceeded={() => void succeeded()}
            onCancel={() => setIntent(null)}
          />
        ) : (
          <Tabs
            label="Payment type"
            value={type}
            onValueChange={setType}
            items={[
              { value: 'card', label: 'Credit Card' },
              { value: 'bank', label: 'Bank Transfer' },
            ]}
          >
            <form onSubmit={submit} className="grid gap-4" noValidate>
              <Field id="process-invoice" label="Invoice (optional)">
                <NativeSelect id="process-invoice" value={details.invoiceId} onChange={(e) => chooseInvoice(e.target.value)}>
                  <option value="">No invoice</option>
                  {invoices.data?.map((i) => (
                    <option key={i.id} value={i.id}>
                      {invoiceOptionLabel(i)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="process-amount" label="Amount" error={errors.amount}>
                <Input id="process-amount" type="number" step="0.01" min="0" inputMode="decimal" value={details.amount} onChange={(e) => set({ amount: e.target.value })} aria-invalid={!!errors.amount} />
              </Field>
              {!details.invoiceId && (
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field id="process-name" label="Customer Name" error={errors.customerName}>
                    <Input id="process-name" value={details.customerName} maxLength={200} onChange={(e) => set({ customerName: e.target.value })} aria-invalid={!!errors.customerName} />
                  </Field>
                  <Field id="process-description" label="Description" error={errors.description}>
                    <Input id="process-description" value={details.description} maxLength={500} onChange={(e) => set({ description: e.target.value })} aria-invalid={!!errors.description} />
                  </Field>
                </div>
              )}
              <Field id="process-reference" label="Reference (optional)">
                <Input id="process-reference" value={details.reference} maxLength={200} onChange={(e) => set({ reference: e.target.value })} />
              </Field>
              {type === 'bank' && (
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field id="process-routing" label="Routing Number" error={errors.routingNumber}>
                    <Input id="process-routing" inputMode="numeric" maxLength={9} value={details.routingNumber} onChange={(e) => set({ routingNumber: e.target.value.replace(/\D/g, '') })} aria-invalid={!!errors.routingNumber} />
                  </Field>
                  <Field id="process-account" label="Account Number" error={errors.accountNumber}>
                    <Input id="process-account" inputMode="numeric" maxLength={20} value={details.accountNumber} onChange={(e) => set({ accountNumber: e.target.value.replace(/\D/g, '') })} aria-invalid={!!errors.accountNumber} />
                  </Field>
                </div>
              )}
              <DialogFooter>
                <Button type="button" variant="outline" onClick={close} disabled={pending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={pending}>
                  {pending && <Spinner />}
                  Continue
                </Button>
              </DialogFooter>
            </form>
          </Tabs>
        )}
        {!intent && <p className="sr-only">{PAYMENT_MESSAGES.nameAndDescription}</p>}
      </DialogContent>
    </Dialog>
  );
}
