// The new / edit recurring invoice form (docs/rules/money-and-payments.md#recurring-invoices): who is billed, on which
// schedule and until when, the priced lines of each invoice, and, when editing, the invoices made so far.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, CreditCard } from 'lucide-react';
import { formatDate } from '@contracts/format';
import { RECURRING_FREQUENCIES, scheduleLabel, type RecurringInvoice } from '@contracts/recurring-invoices';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { CheckboxField, DateField } from '@/components/form-fields';
import { CustomerPicker } from '@/components/customer-picker';
import { DocumentAdjustmentFields } from '@/components/document-discount-field';
import { DocumentTotals } from '@/components/document-totals';
import { LineItemsEditor } from '@/components/line-items-editor';
import { useCan } from '@/lib/auth/use-can';
import { figuresOfPriced, useDocumentPricing } from '@/lib/document-pricing';
import { priceCompleteLines } from '@/lib/priced-lines';
import { applyServerIssues } from '@/lib/server-issues';
import { useRecordWord } from '@/lib/use-labels';
import { useCustomerTaxExempt } from '@/features/recurring-invoices/api/get-customer-tax-exempt';
import { useRecurringInvoice } from '@/features/recurring-invoices/api/get-recurring-invoices';
import { useCreateRecurringInvoice, useUpdateRecurringInvoice } from '@/features/recurring-invoices/api/save-recurring-invoice';
import { RecurringInvoiceHistory } from '@/features/recurring-invoices/components/recurring-invoice-history';
import {
  FREQUENCY_LABELS,
  hasInterval,
  newRecurringInvoiceValues,
  recurringInvoiceFormSchema,
  recurringInvoiceValues,
  toRecurringInvoiceBody,
  type RecurringInvoiceFormOutput,
} from '@/features/recurring-invoices/lib/recurring-invoice-form';
import { upcomingDates } from '@/features/recurring-invoices/lib/upcoming-dates';

const resolver = zodResolver(recurringInvoiceFormSchema);
const FIELDS = Object.keys(newRecurringInvoiceValues());
const TITLE = 'Recurring Invoice';

export function RecurringInvoiceForm({ recurringId, onDone }: { recurringId: number | null; onDone: () => void }) {
  const existing = useRecurringInvoice(recurringId);
  if (recurringId === null) return <RecurringInvoiceFormBody saved={null} onDone={onDone} />;
  if (existing.isPending || existing.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Edit {TITLE}</DialogTitle>
          <DialogDescription className="sr-only">Loading the recurring invoice</DialogDescription>
        </DialogHeader>
        {existing.isPending ? (
          <Spinner className="py-10" label="Loading..." />
        ) : (
          <Alert variant="destructive">
            <AlertTitle>Could not load the recurring invoice</AlertTitle>
            <AlertDescription>{errorMessage(existing.error)}</AlertDescription>
          </Alert>
        )}
      </>
    );
  }
  return <RecurringInvoiceFormBody key={existing.data.id} saved={existing.data} onDone={onDone} />;
}

/** A whole number typed in a field, or null while it is not one yet. */
const wholeOrNull = (text: string | undefined) => (text && /^\d+$/.test(text.trim()) ? Number(text) : null);
const isDay = (text: string | undefined): text is string => Boolean(text && /^\d{4}-\d{2}-\d{2}$/.test(text));

function RecurringInvoiceFormBody({ saved, onDone }: { saved: RecurringInvoice | null; onDone: () => void }) {
  const client = useRecordWord('customers');
  const can = useCan();
  const isEdit = saved !== null;
  const isReadOnly = !can('manage_invoices') && !can('create_invoices');
  const [customerName, setCustomerName] = useState<string | null>(saved?.customerName ?? null);
  // The customer's organization prices the lines (a super user's session spans several), and its tax exemption.
  const [organizationId, setOrganizationId] = useState<number | null>(saved?.organizationId ?? null);
  const [pickedTaxExempt, setPickedTaxExempt] = useState<boolean | null>(null);
  const savedTaxExempt = useCustomerTaxExempt(saved && pickedTaxExempt === null ? saved.customerId : null);
  const taxExempt = pickedTaxExempt ?? savedTaxExempt;
  const pricing = useDocumentPricing(organizationId, [], isReadOnly);
  const form = useForm({ resolver, defaultValues: saved ? recurringInvoiceValues(saved) : newRecurringInvoiceValues() });
  const create = useCreateRecurringInvoice();
  const update = useUpdateRecurringInvoice();
  const isSaving = create.isPending || update.isPending;

  const [lineItems, discountType, discountValue, frequency, interval, startDate, ends, endDate, maxCount] = useWatch({
    control: form.control,
    name: ['lineItems', 'discountType', 'discountValue', 'frequency', 'interval', 'startDate', 'ends', 'endDate', 'maxCount'],
  });
  // Each invoice's figures as the server will price them, from the same priceDocument.
  const figures = figuresOfPriced(priceCompleteLines({ lineItems, discountType, discountValue }, pricing, taxExempt), pricing, taxExempt);
  const everyN = wholeOrNull(interval);
  const schedule = isDay(startDate) && (everyN !== null || !hasInterval(frequency)) ? { frequency, interval: hasInterval(frequency) ? (everyN ?? 1) : 1, startDate } : null;
  // An unchanged schedule goes on after the periods it has billed; a new start or step starts counting again.
  const restarts = !saved || saved.startDate !== startDate || saved.frequency !== frequency || (hasInterval(frequency) && saved.interval !== everyN);
  const upcoming = schedule
    ? upcomingDates(
        { ...schedule, endDate: ends === 'on_date' && isDay(endDate) ? endDate : null, maxCount: ends === 'after_count' ? wholeOrNull(maxCount) : null },
        restarts ? 0 : saved.generatedCount,
        3,
      )
    : [];

  const onValid = (out: RecurringInvoiceFormOutput) => {
    const onError = (error: unknown) => {
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: isEdit ? 'Failed to update recurring invoice' : 'Failed to create recurring invoice', description: errorMessage(error) });
    };
    if (saved) {
      update.mutate(
        { id: saved.id, body: toRecurringInvoiceBody(out, pricing, saved.workOrderId) },
        {
          onSuccess: () => {
            toast({ title: 'Recurring invoice updated' });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(toRecurringInvoiceBody(out, pricing), {
        onSuccess: () => {
          toast({ title: 'Recurring invoice created' });
          onDone();
        },
        onError,
      });
    }
  };

  const title = isReadOnly ? TITLE : isEdit ? `Edit ${TITLE}` : `New ${TITLE}`;
  const description = isReadOnly
    ? 'Only staff who make invoices can change recurring billing.'
    : isEdit
      ? 'Changes apply from the next invoice on; invoices already made stay as they are.'
      : `Bill a ${client.lower} on a schedule: each invoice is made on its date, priced as below.`;

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label={title}>
        {saved?.autoPay && (
          <Alert data-testid="recurring-auto-pay">
            <CreditCard aria-hidden />
            <AlertTitle>Auto-pay</AlertTitle>
            <AlertDescription>
              {saved.customerName ?? `The ${client.lower}`} pays automatically: each invoice is charged to the saved card when it is made.
            </AlertDescription>
          </Alert>
        )}
        <fieldset disabled={isReadOnly || isSaving} className="grid min-w-0 gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="customerId"
              render={({ field, fieldState }) => (
                <FormItem>
                  <FormLabel>{client.title}</FormLabel>
                  <FormControl>
                    <CustomerPicker
                      value={field.value}
                      selectedName={customerName}
                      invalid={Boolean(fieldState.error)}
                      disabled={isReadOnly || isSaving}
                      organizationId={saved?.organizationId ?? null}
                      onChange={(customer) => {
                        setCustomerName(customer.name);
                        setOrganizationId(customer.organizationId);
                        setPickedTaxExempt(customer.taxExempt ?? false);
                        field.onChange(customer.id);
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Title</FormLabel>
                  <FormControl>
                    <Input placeholder="Monthly maintenance" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              control={form.control}
              name="frequency"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Frequency</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      {RECURRING_FREQUENCIES.map((f) => (
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
            {hasInterval(frequency) && (
              <FormField
                control={form.control}
                name="interval"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Every</FormLabel>
                    <div className="flex items-center gap-2">
                      <FormControl>
                        <Input type="number" inputMode="numeric" min={1} max={52} step={1} className="w-20" {...field} />
                      </FormControl>
                      <span className="text-sm text-muted-foreground">{frequency === 'weekly' ? (everyN === 1 ? 'week' : 'weeks') : everyN === 1 ? 'month' : 'months'}</span>
                    </div>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            <DateField control={form.control} name="startDate" label="First Invoice" />
          </div>

          <fieldset className="grid gap-2" data-testid="recurring-ends">
            <legend className="mb-2 text-sm font-medium">Ends</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {(
                [
                  ['never', 'Never'],
                  ['on_date', 'On a date'],
                  ['after_count', 'After a number of invoices'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" className="size-4 accent-primary" value={value} {...form.register('ends')} />
                  {label}
                </label>
              ))}
            </div>
            {ends === 'on_date' && (
              <div className="sm:w-1/3">
                <DateField control={form.control} name="endDate" label="End Date" />
              </div>
            )}
            {ends === 'after_count' && (
              <FormField
                control={form.control}
                name="maxCount"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Number of invoices</FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="numeric" min={1} step={1} className="w-28" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
          </fieldset>

          {schedule && (
            <p className="flex items-start gap-2 rounded-md border px-3 py-2 text-sm" data-testid="recurring-preview">
              <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span>
                <span className="font-medium">{scheduleLabel(schedule)}</span>
                {upcoming.length > 0 ? `: next on ${upcoming.map((d) => formatDate(d)).join(', ')}` : ': no invoices left in this schedule'}
              </span>
            </p>
          )}

          <div className="grid gap-4 sm:grid-cols-[10rem_1fr] sm:items-start">
            <FormField
              control={form.control}
              name="dueDays"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Due in (days)</FormLabel>
                  <FormControl>
                    <Input type="number" inputMode="numeric" min={0} max={365} step={1} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="sm:pt-7">
              <CheckboxField
                control={form.control}
                name="sendEmail"
                label={`E-mail each invoice to the ${client.lower}`}
                hint="Otherwise each invoice waits as a draft for you to send."
              />
            </div>
          </div>

          <LineItemsEditor
            disabled={isSaving}
            readOnly={isReadOnly}
            pricing={{ rates: pricing.activeRates, defaultRateIds: pricing.defaultRateIds, rateById: pricing.rateById }}
          />
          {!isReadOnly && <p className="-mt-2 text-xs text-muted-foreground">Lines without a description, quantity or rate are left out.</p>}
          {!isReadOnly && <DocumentAdjustmentFields showManualTax={false} />}
          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Notes</FormLabel>
                <FormControl>
                  <Textarea rows={2} placeholder="Printed on each invoice" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>

        <DocumentTotals figures={figures} idPrefix="recurring" totalLabel="Each invoice" />

        {saved && <RecurringInvoiceHistory recurring={saved} />}

        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={isSaving}>
            {isReadOnly ? 'Close' : 'Cancel'}
          </Button>
          {!isReadOnly && (
            <Button type="submit" disabled={isSaving}>
              {isSaving ? 'Saving...' : isEdit ? 'Save Changes' : `Create ${TITLE}`}
            </Button>
          )}
        </DialogFooter>
      </form>
    </Form>
  );
}
