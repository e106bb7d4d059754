// Payment plan of a sent invoice (docs/rules/money-and-payments.md#installments): the plan's installments with what
// each has been paid, and Cancel plan; or, when it has none, the form that splits the balance due into installments.
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CircleCheck, CircleAlert } from 'lucide-react';
import { formatDate } from '@contracts/format';
import type { Invoice } from '@contracts/invoices';
import { formatMoney, fromCents, toCents } from '@contracts/money';
import { MAX_INSTALLMENTS, MIN_INSTALLMENTS, PLAN_FREQUENCIES, type PaymentPlan, type PlanFrequency } from '@contracts/payment-plans';
import { errorMessage, isApiError } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { cn } from '@/lib/utils';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { paymentPlanQueryOptions, useCancelPaymentPlan, useCreatePaymentPlan, usePaymentPlan } from '@/features/invoices/api/payment-plan';
import { InstallmentBadge } from '@/features/invoices/components/installment-badge';
import {
  FREQUENCY_LABELS,
  paymentPlanFormSchema,
  paymentPlanValues,
  proposedInstallments,
  todayUtc,
  toPaymentPlanPayload,
  totalsLine,
  type InstallmentValues,
  type PaymentPlanFormOutput,
} from '@/features/invoices/lib/payment-plan-form';

export function PaymentPlanDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="payment-plan-dialog">
        {invoice && <PaymentPlanBody key={invoice.id} invoice={invoice} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PaymentPlanBody({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const plan = usePaymentPlan(invoice.id);
  if (plan.isPending || plan.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Payment plan for {invoice.invoiceNumber}</DialogTitle>
          <DialogDescription className="sr-only">Loading the payment plan</DialogDescription>
        </DialogHeader>
        {plan.isPending ? (
          <Spinner className="py-10" label="Loading..." />
        ) : (
          <Alert variant="destructive">
            <AlertTitle>Could not load the payment plan</AlertTitle>
            <AlertDescription>{errorMessage(plan.error)}</AlertDescription>
          </Alert>
        )}
      </>
    );
  }
  if (plan.data) return <PlanSchedule invoice={invoice} plan={plan.data} onClose={onClose} />;
  return <PlanForm invoice={invoice} onClose={onClose} />;
}

/** The plan as it stands: each installment's due date, amount, what of it is paid and its status; the next one marked. */
function PlanSchedule({ invoice, plan, onClose }: { invoice: Invoice; plan: PaymentPlan; onClose: () => void }) {
  const cancel = useCancelPaymentPlan();
  const [confirming, setConfirming] = useState(false);
  const paidCents = plan.installments.reduce((sum, i) => sum + toCents(i.paid), 0);
  const next = plan.next;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Payment plan for {invoice.invoiceNumber}</DialogTitle>
        <DialogDescription>
          {plan.installments.length} installments, {FREQUENCY_LABELS[plan.frequency].toLowerCase()}, of {formatMoney(plan.totalAmount)} owed when the plan began
          on {formatDate(plan.createdAt)}. The pay link and the customer portal ask for the next installment.
        </DialogDescription>
      </DialogHeader>
      <dl className="grid gap-1 rounded-md bg-muted px-4 py-3 text-sm" data-testid="plan-summary">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt>Paid so far</dt>
          <dd className="tabular-nums">
            {formatMoney(fromCents(paidCents))} of {formatMoney(plan.totalAmount)}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 font-medium">
          <dt>Next</dt>
          <dd data-testid="plan-next">
            {next ? `Installment ${next.number} of ${next.count}, ${formatMoney(next.amountDue)} due ${formatDate(next.dueDate)}` : 'All installments paid'}
          </dd>
        </div>
      </dl>
      <div className="hidden sm:block">
        <Table aria-label="Installments">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-20 px-2">#</TableHead>
              <TableHead className="px-2">Due date</TableHead>
              <TableHead className="px-2 text-right">Amount</TableHead>
              <TableHead className="px-2 text-right">Paid</TableHead>
              <TableHead className="px-2">Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {plan.installments.map((i) => {
              const isNext = next?.number === i.number;
              return (
                <TableRow
                  key={i.number}
                  data-testid="installment-row"
                  data-status={i.status}
                  aria-current={isNext ? 'step' : undefined}
                  className={cn(isNext && 'bg-primary/5 font-medium hover:bg-primary/10')}
                >
                  <TableCell className="px-2 whitespace-nowrap tabular-nums">
                    {i.number}
                    {isNext && <NextTag />}
                  </TableCell>
                  <TableCell className="px-2 whitespace-nowrap">{formatDate(i.dueDate)}</TableCell>
                  <TableCell className="px-2 text-right whitespace-nowrap tabular-nums">{formatMoney(i.amount)}</TableCell>
                  <TableCell className="px-2 text-right whitespace-nowrap tabular-nums" data-testid="installment-paid">
                    {formatMoney(i.paid)}
                  </TableCell>
                  <TableCell className="px-2">
                    <InstallmentBadge status={i.status} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {/* A phone has no room for five columns: one card per installment. */}
      <ol className="divide-y rounded-md border sm:hidden" aria-label="Installments">
        {plan.installments.map((i) => {
          const isNext = next?.number === i.number;
          return (
            <li
              key={i.number}
              data-testid="installment-card"
              data-status={i.status}
              aria-current={isNext ? 'step' : undefined}
              className={cn('grid gap-1 px-3 py-2 text-sm', isNext && 'bg-primary/5')}
            >
              <div className="flex items-center justify-between gap-2">
                <span className={cn('whitespace-nowrap', isNext && 'font-medium')}>
                  {i.number}. {formatDate(i.dueDate)}
                  {isNext && <NextTag />}
                </span>
                <span className="font-medium whitespace-nowrap tabular-nums">{formatMoney(i.amount)}</span>
              </div>
              <div className="flex items-center justify-between gap-2">
                <InstallmentBadge status={i.status} />
                <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">{formatMoney(i.paid)} paid</span>
              </div>
            </li>
          );
        })}
      </ol>
      <DialogFooter>
        {plan.status === 'active' && (
          <Button variant="outline" className="text-red-700 hover:text-red-800" onClick={() => setConfirming(true)}>
            Cancel plan
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogFooter>
      {confirming && (
        <ConfirmDeleteDialog
          title={`Cancel the payment plan for ${invoice.invoiceNumber}?`}
          description={`The installments are dropped and the invoice asks for its whole balance due again: the pay link and the portal no longer ask for an installment. Payments already made stay on the invoice.`}
          confirmLabel="Cancel plan"
          workingLabel="Cancelling..."
          cancelLabel="Keep plan"
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            // The promise, not mutate's callbacks: once cancelled, the form replaces this view (see PlanForm).
            cancel.mutateAsync(invoice.id).then(
              () => toast({ title: 'Payment plan cancelled' }),
              (error: unknown) => {
                toast({ variant: 'destructive', title: 'Failed to cancel the payment plan', description: errorMessage(error) });
                throw error;
              },
            )
          }
        />
      )}
    </>
  );
}

function NextTag() {
  return <span className="ml-1.5 rounded bg-primary px-1 py-0.5 align-middle text-[10px] font-semibold uppercase text-primary-foreground">Next</span>;
}

/** How many, how often, from when: an even split to start from, each amount and date editable, created once it adds up. */
function PlanForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const queryClient = useQueryClient();
  const balanceCents = toCents(invoice.balanceDue);
  const resolver = useMemo(() => zodResolver(paymentPlanFormSchema(balanceCents)), [balanceCents]);
  const [defaultValues] = useState(() => paymentPlanValues(invoice, todayUtc()));
  const form = useForm({ resolver, defaultValues });
  const create = useCreatePaymentPlan();
  const rows = useWatch({ control: form.control, name: 'installments' }) ?? [];
  const [count, frequency, firstDueDate] = useWatch({ control: form.control, name: ['count', 'frequency', 'firstDueDate'] });
  const totals = totalsLine(rows, balanceCents);
  const proposal = proposedInstallments(balanceCents, count, frequency, firstDueDate);
  const edited = proposal !== null && JSON.stringify(proposal) !== JSON.stringify(rows);
  const errors = form.formState.errors.installments;
  const listError = errors?.root?.message ?? errors?.message;

  /** A new count, frequency or first date proposes the even split again (typed amounts and dates give way). */
  const propose = (patch: Partial<{ count: string; frequency: PlanFrequency; firstDueDate: string }>) => {
    const v = { ...form.getValues(), ...patch };
    const next = proposedInstallments(balanceCents, v.count, v.frequency, v.firstDueDate);
    if (!next) return;
    form.setValue('installments', next, { shouldDirty: true });
    form.clearErrors('installments');
  };
  const setRows = (next: InstallmentValues[]) => {
    form.setValue('installments', next, { shouldDirty: true });
    form.clearErrors('installments');
  };

  // The promise, not mutate's callbacks: once created, the plan replaces this form, and an unmounted observer's
  // callbacks are never called.
  const onValid = (out: PaymentPlanFormOutput) =>
    create.mutateAsync({ invoiceId: invoice.id, input: toPaymentPlanPayload(out) }).then(
      (plan) => toast({ title: 'Payment plan created', description: `${plan.installments.length} installments for ${invoice.invoiceNumber}` }),
      (error: unknown) => {
        applyServerIssues(error, form.setError, ['installments', 'frequency']);
        toast({ variant: 'destructive', title: 'Failed to create the payment plan', description: errorMessage(error) });
        // Someone else made one meanwhile: show it.
        if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: paymentPlanQueryOptions(invoice.id).queryKey });
      },
    );

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>Payment plan for {invoice.invoiceNumber}</DialogTitle>
        <DialogDescription>
          Split the balance due of {formatMoney(invoice.balanceDue)} into installments. The pay link and the customer portal then ask for the next one;
          payments fill the installments in order.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid min-w-0 gap-4" aria-label="Create payment plan">
        <fieldset disabled={create.isPending} className="grid min-w-0 gap-4">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <FormField
              control={form.control}
              name="count"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Installments</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      inputMode="numeric"
                      min={MIN_INSTALLMENTS}
                      max={MAX_INSTALLMENTS}
                      step={1}
                      {...field}
                      onChange={(event) => {
                        field.onChange(event);
                        propose({ count: event.target.value });
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="frequency"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Frequency</FormLabel>
                  <FormControl>
                    <NativeSelect
                      {...field}
                      onChange={(event) => {
                        const chosen = PLAN_FREQUENCIES.find((f) => f === event.target.value);
                        if (!chosen) return;
                        field.onChange(chosen);
                        propose({ frequency: chosen });
                      }}
                    >
                      {PLAN_FREQUENCIES.map((f) => (
                        <option key={f} value={f}>
                          {FREQUENCY_LABELS[f]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="firstDueDate"
              render={({ field }) => (
                <FormItem className="col-span-2 sm:col-span-1">
                  <FormLabel>First due date</FormLabel>
                  <FormControl>
                    <Input
                      type="date"
                      {...field}
                      onChange={(event) => {
                        field.onChange(event);
                        propose({ firstDueDate: event.target.value });
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          <section className="grid min-w-0 gap-2" aria-labelledby="plan-rows-title" data-testid="plan-preview">
            <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
              <h3 id="plan-rows-title" className="text-sm font-medium">
                Schedule
              </h3>
              {edited && (
                <Button type="button" variant="ghost" size="sm" className="h-7" onClick={() => setRows(proposal)}>
                  Split evenly again
                </Button>
              )}
            </div>
            <div aria-hidden className="grid grid-cols-[1.75rem_minmax(0,1fr)_minmax(0,1fr)] gap-2 px-1 text-xs font-medium text-muted-foreground">
              <span>#</span>
              <span>Due date</span>
              <span className="text-right">Amount</span>
            </div>
            <ol className="grid max-h-80 gap-2 overflow-y-auto p-1">
              {rows.map((_, index) => {
                const n = index + 1;
                const e = errors?.[index];
                const messages = [e?.dueDate?.message, e?.amount?.message].filter(Boolean);
                return (
                  <li key={index} data-testid="plan-preview-row">
                    <div className="grid grid-cols-[1.75rem_minmax(0,1fr)_minmax(0,1fr)] items-center gap-2">
                      <span className="text-sm text-muted-foreground tabular-nums">{n}</span>
                      <Input type="date" aria-label={`Installment ${n} due date`} aria-invalid={Boolean(e?.dueDate)} {...form.register(`installments.${index}.dueDate`)} />
                      <Input
                        inputMode="decimal"
                        className="text-right tabular-nums"
                        aria-label={`Installment ${n} amount`}
                        aria-invalid={Boolean(e?.amount)}
                        {...form.register(`installments.${index}.amount`)}
                      />
                    </div>
                    {messages.length > 0 && (
                      <p className="mt-1 pl-9 text-sm text-destructive" role="alert">
                        {messages.join(' · ')}
                      </p>
                    )}
                  </li>
                );
              })}
            </ol>
            {listError && (
              <p className="text-sm text-destructive" role="alert">
                {listError}
              </p>
            )}
          </section>
        </fieldset>

        <p
          id="plan-total"
          data-testid="plan-total"
          aria-live="polite"
          className={cn(
            'flex items-start gap-2 rounded-md px-4 py-3 text-sm font-medium',
            totals.matches ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900',
          )}
        >
          {totals.matches ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden /> : <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />}
          <span className="tabular-nums">
            {totals.text}
            {totals.difference && <span className="font-normal"> ({totals.difference}; they must add up to the balance due)</span>}
          </span>
        </p>

        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!totals.matches || create.isPending} aria-describedby="plan-total">
            <CalendarClock aria-hidden />
            {create.isPending ? 'Creating...' : 'Create plan'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
