// Record Payment: a payment received by hand (cash, check, ...) against an unpaid invoice.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, recordPaymentBodySchema, type PaymentMethod } from '@contracts/payments';
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
import { invoiceOptionLabel } from './invoice-option';

const today = () => new Date().toISOString().slice(0, 10);

export function RecordPaymentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const invoices = usePayableInvoices(open);
  const [invoiceId, setInvoiceId] = useState('');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [receivedDate, setReceivedDate] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const reset = () => {
    setInvoiceId('');
    setAmount('');
    setMethod('cash');
    setReference('');
    setNotes('');
    setReceivedDate(today());
    setErrors({});
  };

  const chooseInvoice = (id: string) => {
    setInvoiceId(id);
    const invoice = invoices.data?.find((i) => String(i.id) === id);
    if (invoice) setAmount(invoice.balanceDue);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      invoiceId: invoiceId ? Number(invoiceId) : undefined,
      amount: amount === '' ? undefined : Number(amount),
      method,
      reference,
      notes,
      receivedDate: receivedDate || null,
    };
    const parsed = recordPaymentBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await recordPayment(body as Parameters<typeof recordPayment>[0]);
      toast({ title: 'Payment recorded successfully' });
      await refreshAfterPayment(queryClient);
      reset();
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Failed to record payment', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

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
            <NativeSelect id="record-invoice" value={invoiceId} onChange={(e) => chooseInvoice(e.target.value)} aria-invalid={!!errors.invoiceId}>
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
              <Input id="record-amount" type="number" step="0.01" min="0" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={!!errors.amount} />
            </Field>
            <Field id="record-method" label="Method" error={errors.method}>
              <NativeSelect id="record-method" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="record-reference" label="Reference" error={errors.reference}>
              <Input id="record-reference" value={reference} maxLength={200} placeholder="Check number, transfer id..." onChange={(e) => setReference(e.target.value)} />
            </Field>
            <Field id="record-date" label="Received Date" error={errors.receivedDate}>
              <Input id="record-date" type="date" value={receivedDate} onChange={(e) => setReceivedDate(e.target.value)} />
            </Field>
          </div>
          <Field id="record-notes" label="Notes" error={errors.notes}>
            <Textarea id="record-notes" value={notes} maxLength={2000} rows={2} onChange={(e) => setNotes(e.target.value)} />
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
