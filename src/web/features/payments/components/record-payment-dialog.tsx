// Record Payment: a payment received by hand (cash, check, ...) against an unpaid invoice.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, recordPaymentBodySchema, type RecordPaymentBody } from '@contracts/payments';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { recordPayment, refreshAfterPayment, usePayableInvoices } from '../api/payments-api';
import { useInvoiceOptionLabel } from './invoice-option';

const today = () => new Date().toISOString().slice(0, 10);
const emptyPayment = (): RecordPaymentBody => ({ invoiceId: '', amount: '', method: 'cash', reference: '', notes: '', receivedDate: today() });

export function RecordPaymentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const invoices = usePayableInvoices(open);
  const invoiceOptionLabel = useInvoiceOptionLabel();
  const form = useForm({ resolver: zodResolver(recordPaymentBodySchema), defaultValues: emptyPayment() });
  const { register, formState } = form;
  const errors = Object.fromEntries(Object.entries(formState.errors).map(([key, error]) => [key, error?.message]));
  const pending = formState.isSubmitting;
  const reset = () => form.reset(emptyPayment());

  const invoiceField = register('invoiceId', {
    onChange: (e: { target: HTMLSelectElement }) => {
      const invoice = invoices.data?.find((i) => String(i.id) === e.target.value);
      if (invoice) form.setValue('amount', invoice.balanceDue);
    },
  });

  const submit = form.handleSubmit(async (body) => {
    try {
      await recordPayment(body);
      toast({ title: 'Payment recorded successfully' });
      await refreshAfterPayment(queryClient);
      reset();
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Failed to record payment', description: errorMessage(err), variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Record Payment</DialogTitle>
          <DialogDescription>A payment received by hand: cash, check, wire or ACH.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <Field id="record-invoice" label="Invoice" error={errors.invoiceId}>
            <NativeSelect id="record-invoice" {...invoiceField} aria-invalid={!!errors.invoiceId}>
              <option value="">{invoices.isPending ? 'Loading invoices...' : 'Select an invoice'}</option>
              {invoices.data?.map((i) => (
                <option key={i.id} value={i.id}>
                  {invoiceOptionLabel(i)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="record-amount" label="Amount" error={errors.amount}>
              <Input id="record-amount" type="number" step="0.01" min="0" inputMode="decimal" {...register('amount')} aria-invalid={!!errors.amount} />
            </Field>
            <Field id="record-method" label="Method" error={errors.method}>
              <NativeSelect id="record-method" {...register('method')}>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="record-reference" label="Reference" error={errors.reference}>
              <Input id="record-reference" maxLength={200} placeholder="Check number, transfer id..." {...register('reference')} />
            </Field>
            <Field id="record-date" label="Received Date" error={errors.receivedDate}>
              <Input id="record-date" type="date" {...register('receivedDate', { setValueAs: (v: string) => v || null })} />
            </Field>
          </div>
          <Field id="record-notes" label="Notes" error={errors.notes}>
            <Textarea id="record-notes" maxLength={2000} rows={2} {...register('notes')} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Spinner />}
              Record Payment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-sm text-destructive" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
