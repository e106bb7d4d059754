// Refund a payment, in full or in part (docs/rules/money-and-payments.md#refunds). The request carries a key made once
// per dialog, so a second click, or a retry after a lost answer, returns the first refund instead of refunding twice.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { refundableCents, refundPaymentBodySchema, type Payment } from '@contracts/payments';
import { formatMoney, fromCents } from '@contracts/money';
import { api, errorMessage } from '@/lib/api-client';
import { textField } from '@/lib/form-fields';
import { applyServerIssues } from '@/lib/server-issues';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { refreshAfterPayment } from '../api/payments-api';

const formSchema = z.object({
  amount: textField(refundPaymentBodySchema.shape.amount),
  reason: textField(refundPaymentBodySchema.shape.reason),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const resolver = zodResolver(formSchema);

export function RefundPaymentDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="refund-dialog">
        {payment && <RefundForm key={payment.id} payment={payment} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RefundForm({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const left = fromCents(refundableCents(payment));
  const form = useForm<FormValues, unknown, FormOutput>({ resolver, defaultValues: { amount: left, reason: '' } });
  const refund = useMutation({
    mutationFn: (out: FormOutput) => api.post<Payment>(`/api/payments/${payment.id}/refunds`, { amount: out.amount, reason: out.reason, idempotencyKey }),
    retry: false,
    onSuccess: () => refreshAfterPayment(queryClient),
  });
  const onValid = (out: FormOutput) =>
    refund.mutate(out, {
      onSuccess: (made) => {
        toast({ title: 'Refund issued', description: `${formatMoney(made.amount.replace('-', ''))} back to ${payment.customerName ?? 'the customer'}` });
        onClose();
      },
      onError: (error) => {
        applyServerIssues(error, form.setError, ['amount', 'reason']);
        toast({ variant: 'destructive', title: 'Refund failed', description: errorMessage(error) });
      },
    });
  const through = payment.processor === 'stripe' ? 'Stripe returns it to the card or account it came from.' : payment.processor === 'test' ? 'The test gateway returns it (Test mode).' : 'Recorded here: pay it back by hand.';
  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>Refund {formatMoney(payment.amount)}{payment.invoiceNumber ? ` for ${payment.invoiceNumber}` : ''}</DialogTitle>
        <DialogDescription>
          Up to {formatMoney(left)} can be refunded to {payment.customerName ?? 'the customer'}. {through}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label="Refund payment">
        <fieldset disabled={refund.isPending} className="grid gap-4">
          <FormField
            control={form.control}
            name="amount"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Amount</FormLabel>
                <FormControl>
                  <Input inputMode="decimal" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="reason"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Reason</FormLabel>
                <FormControl>
                  <Textarea rows={2} placeholder="Job cancelled, overcharged, returned part..." {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={refund.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            {refund.isPending ? 'Refunding...' : 'Refund'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
