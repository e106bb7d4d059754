// Process Payment: card or bank transfer through the organization's processor (or the built-in test gateway).
// Step one collects what is paid; the server starts an intent; step two takes the card and confirms it.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { PAYMENT_MESSAGES, type PaymentIntentResponse } from '@contracts/payments';
import { formatMoney } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { PayWithIntent, type BankDetails } from '@/components/payment/pay-with-intent';
import { TestModeNote } from '@/components/payment/test-mode-badge';
import { createPaymentIntent, refreshAfterPayment, usePayableInvoices, usePaymentMode } from '../api/payments-api';
import { useInvoiceOptionLabel } from './invoice-option';
import { Field } from './record-payment-dialog';
import { bankProblemToast, EMPTY_PAYMENT_DETAILS, paymentDetailsSchema } from './payment-details';

export function ProcessPaymentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const invoices = usePayableInvoices(open);
  const invoiceOptionLabel = useInvoiceOptionLabel();
  const form = useForm({ resolver: zodResolver(paymentDetailsSchema), defaultValues: EMPTY_PAYMENT_DETAILS });
  const { register, setValue, control, formState } = form;
  const { errors } = formState;
  const [invoiceId, type] = useWatch({ control, name: ['invoiceId', 'paymentType'] });
  const mode = usePaymentMode(invoiceId, open);
  const [started, setStarted] = useState<{ intent: PaymentIntentResponse; bank?: BankDetails } | null>(null);

  const close = () => {
    form.reset(EMPTY_PAYMENT_DETAILS);
    setStarted(null);
    onOpenChange(false);
  };

  // docs/rules/money-and-payments.md#payment-form: choosing an invoice fills the amount and clears customer name and description.
  const chooseInvoice = (id: string) => {
    const invoice = invoices.data?.find((i) => String(i.id) === id);
    setValue('invoiceId', invoice ? id : '');
    if (invoice) {
      setValue('amount', invoice.balanceDue);
      setValue('customerName', '');
      setValue('description', '');
    }
    if (formState.isSubmitted) void form.trigger();
  };

  const submit = form.handleSubmit(
    async ({ intent, bank }) => {
      try {
        setStarted({ intent: await createPaymentIntent(intent), bank });
      } catch (err) {
        toast({ title: 'Failed to create payment intent', description: errorMessage(err), variant: 'destructive' });
      }
    },
    (invalid) => {
      const problem = bankProblemToast(invalid);
      if (problem) toast({ ...problem, variant: 'destructive' });
    },
  );

  const succeeded = async () => {
    toast({ title: 'Payment Successful', description: 'Payment has been processed successfully!' });
    await refreshAfterPayment(queryClient);
    close();
  };

  const digitsOnly = (name: 'routingNumber' | 'accountNumber') =>
    register(name, { setValueAs: (v: string) => v.replace(/\D/g, ''), onChange: (e: { target: HTMLInputElement }) => (e.target.value = e.target.value.replace(/\D/g, '')) });
  const pending = formState.isSubmitting;
  const intent = started?.intent ?? null;

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
          // Cancel on the card step closes the dialog, as the dialog's own close does; nothing was charged.
          <PayWithIntent intent={intent} bank={started?.bank} onSucceeded={() => void succeeded()} onCancel={close} />
        ) : (
          <div className="space-y-4">
            {mode.data?.testMode && <TestModeNote processor={mode.data.processor} />}
            <Tabs
              label="Payment type"
              value={type}
              onValueChange={(next) => setValue('paymentType', next)}
              items={[
                { value: 'card', label: 'Credit Card' },
                { value: 'bank', label: 'Bank Transfer' },
              ]}
            >
              <form onSubmit={submit} className="grid gap-4" noValidate>
                <Field id="process-invoice" label="Invoice (optional)">
                  <NativeSelect id="process-invoice" value={invoiceId} onChange={(e) => chooseInvoice(e.target.value)}>
                    <option value="">No invoice</option>
                    {invoices.data?.map((i) => (
                      <option key={i.id} value={i.id}>
                        {invoiceOptionLabel(i)}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field id="process-amount" label="Amount" error={errors.amount?.message}>
                  <Input id="process-amount" type="number" step="0.01" min="0" inputMode="decimal" {...register('amount')} aria-invalid={!!errors.amount} />
                </Field>
                {!invoiceId && (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field id="process-name" label="Customer Name" error={errors.customerName?.message}>
                      <Input id="process-name" maxLength={200} {...register('customerName')} aria-invalid={!!errors.customerName} />
                    </Field>
                    <Field id="process-description" label="Description" error={errors.description?.message}>
                      <Input id="process-description" maxLength={500} {...register('description')} aria-invalid={!!errors.description} />
                    </Field>
                  </div>
                )}
                <Field id="process-reference" label="Reference (optional)" error={errors.reference?.message}>
                  <Input id="process-reference" maxLength={200} {...register('reference')} />
                </Field>
                {type === 'bank' && (
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field id="process-routing" label="Routing Number" error={errors.routingNumber?.message}>
                      <Input id="process-routing" inputMode="numeric" maxLength={9} {...digitsOnly('routingNumber')} aria-invalid={!!errors.routingNumber} />
                    </Field>
                    <Field id="process-account" label="Account Number" error={errors.accountNumber?.message}>
                      <Input id="process-account" inputMode="numeric" maxLength={20} {...digitsOnly('accountNumber')} aria-invalid={!!errors.accountNumber} />
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
          </div>
        )}
        {!intent && <p className="sr-only">{PAYMENT_MESSAGES.nameAndDescription}</p>}
      </DialogContent>
    </Dialog>
  );
}
