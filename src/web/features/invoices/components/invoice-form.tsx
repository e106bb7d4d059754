// The create / edit invoice form (docs/rules/records.md#invoice-form, #messages-on-screen). After a
// successful create the dialog stays open and offers Email, Download and Done in place of Create.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, Check, Download, Lock, Mail } from 'lucide-react';
import { statusLabel } from '@contracts/format';
import { INVOICE_STATUSES, type Invoice } from '@contracts/invoices';
import { formatMoney, fromCents, toCents } from '@contracts/money';
import { errorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { DateField, StatusSelectField } from '@/components/form-fields';
import { DocumentAdjustmentFields } from '@/components/document-discount-field';
import { DocumentTotals } from '@/components/document-totals';
import { LineItemsEditor } from '@/components/line-items-editor';
import { useCreateInvoice } from '@/features/invoices/api/create-invoice';
import { useInvoice } from '@/features/invoices/api/get-invoice';
import { useUpdateInvoice } from '@/features/invoices/api/update-invoice';
import { InvoiceCreditNotes } from '@/features/invoices/components/invoice-credit-notes';
import { InvoiceOrigin } from '@/features/invoices/components/invoice-origin';
import { InvoiceJobPhotos } from '@/features/invoices/components/invoice-job-photos';
import { InvoicePaymentPlan, mayHavePlan } from '@/features/invoices/components/invoice-payment-plan';
import { InvoiceReminders, mayHaveReminders } from '@/features/invoices/components/invoice-reminders';
import { useInvoiceActions } from '@/features/invoices/components/use-invoice-actions';
import {
  balanceDueCents,
  invoiceFormSchema,
  invoiceValues,
  linesWithWorkOrder,
  newInvoiceValues,
  priceInvoiceForm,
  suggestedDueDate,
  toInvoicePayload,
  toInvoiceUpdate,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from '@/features/invoices/lib/invoice-form-schema';
import { useCustomerWorkOrders } from '@/features/invoices/api/get-customer-work-orders';
import { CustomerPicker } from '@/components/customer-picker';
import { NO_EMAIL_REASON } from '@/components/email-to-customer-item';
import { useCan } from '@/lib/auth/use-can';
import { figuresOfAnswer, figuresOfPriced, lineRateIds, ratesOfLines, useDocumentPricing } from '@/lib/document-pricing';
import { isCompleteLine } from '@/lib/priced-lines';
import { applyServerIssues } from '@/lib/server-issues';
import { useLabels, useRecordWord } from '@/lib/use-labels';

const resolver = zodResolver(invoiceFormSchema);
/** A sent invoice never goes back to draft (docs/rules/records.md#locked-invoices). */
const SENT_STATUSES = INVOICE_STATUSES.filter((s) => s !== 'draft');
const FIELDS = Object.keys(newInvoiceValues());

export function InvoiceForm({ invoiceId, onDone }: { invoiceId: number | null; onDone: () => void }) {
  const existing = useInvoice(invoiceId);
  const word = useRecordWord('invoices');
  if (invoiceId === null) return <InvoiceFormBody invoice={null} onDone={onDone} />;
  if (existing.isPending || existing.isError) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Edit {word.title}</DialogTitle>
          <DialogDescription className="sr-only">Loading the {word.lower}</DialogDescription>
        </DialogHeader>
        {existing.isPending ? (
          <Spinner className="py-10" label="Loading..." />
        ) : (
          <Alert variant="destructive">
            <AlertTitle>Could not load the {word.lower}</AlertTitle>
            <AlertDescription>{errorMessage(existing.error)}</AlertDescription>
          </Alert>
        )}
      </>
    );
  }
  return <InvoiceFormBody key={existing.data.id} invoice={existing.data} onDone={onDone} />;
}

/** 'Failed to update invoice: ' + the server's message, or 'Unknown error'. */
function updateFailure(error: unknown): string {
  const message = isApiError(error) ? error.body?.message : error instanceof Error ? error.message : undefined;
  return `Failed to update invoice: ${message || 'Unknown error'}`;
}

function InvoiceFormBody({ invoice, onDone }: { invoice: Invoice | null; onDone: () => void }) {
  const word = useRecordWord('invoices');
  // The work orders and the customer in the organization's words ("Add Procedure", "Select a patient first").
  const job = useRecordWord('workOrders');
  const jobs = useLabels().workOrders.toLowerCase();
  const client = useRecordWord('customers');
  const can = useCan();
  const isEdit = invoice !== null;
  // A void or fully credited invoice is closed: shown, never changed (docs/rules/records.md#voiding).
  const isClosed = invoice?.status === 'void' || invoice?.status === 'credited';
  const isReadOnly = isEdit && (!can('manage_invoices') || isClosed);
  // Sent, paid or paid towards: lines, customer and number stay as the customer received them.
  const amountsFixed = isEdit && invoice.amountsLocked;
  const [created, setCreated] = useState<Invoice | null>(null);
  const [customerName, setCustomerName] = useState<string | null>(invoice?.customerName ?? null);
  // The customer's organization prices the invoice (a super user's session spans several), and its tax exemption.
  const [organizationId, setOrganizationId] = useState<number | null>(invoice?.organizationId ?? null);
  const [taxExempt, setTaxExempt] = useState(invoice?.taxExempt ?? false);
  const pricing = useDocumentPricing(organizationId, invoice ? ratesOfLines(invoice.lineItems) : [], isReadOnly || amountsFixed);
  const form = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    resolver,
    defaultValues: invoice ? invoiceValues(invoice) : newInvoiceValues(),
  });
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const actions = useInvoiceActions({ downloadFailure: 'toast' });
  const isSaving = create.isPending || update.isPending;
  const isLocked = isReadOnly || isSaving || created !== null;

  const [customerId, lineItems, discountType, discountValue, tax] = useWatch({
    control: form.control,
    name: ['customerId', 'lineItems', 'discountType', 'discountValue', 'tax'],
  });
  const workOrders = useCustomerWorkOrders(customerId);
  // What the customer received stays as the server priced it; anything still editable is priced live, as it will be saved.
  const figures =
    invoice && (isReadOnly || amountsFixed)
      ? figuresOfAnswer(invoice)
      : figuresOfPriced(priceInvoiceForm({ lineItems, discountType, discountValue, tax }, pricing, taxExempt), pricing, taxExempt);
  const totalCents = figures.totalCents;
  // The tax typed by hand is for an organization without rates; one kept from before rates stays visible while it counts.
  const anyLineRated = (lineItems ?? []).filter(isCompleteLine).some((l) => lineRateIds(l, pricing).length > 0);
  const showManualTax = pricing.isReady && (pricing.activeRates.length === 0 || (Boolean(tax?.trim()) && !anyLineRated));

  const addWorkOrder = (id: string) => {
    const workOrder = workOrders.data?.rows.find((wo) => String(wo.id) === id);
    if (!workOrder) return;
    // Adds one line (docs/rules/records.md#invoice-form); the selector goes back to its prompt.
    form.setValue('lineItems', linesWithWorkOrder(form.getValues('lineItems'), workOrder), { shouldDirty: true });
    form.setValue('workOrderId', workOrder.id, { shouldDirty: true });
  };

  const onValid = (out: InvoiceFormOutput) => {
    if (invoice) {
      update.mutate(
        { id: invoice.id, input: toInvoiceUpdate(out, form.getValues(), invoice, pricing, taxExempt) },
        {
          onSuccess: () => {
            toast({ title: 'Invoice updated successfully' });
            onDone();
          },
          onError: (error) => {
            applyServerIssues(error, form.setError, FIELDS);
            toast({ variant: 'destructive', title: updateFailure(error) });
          },
        },
      );
    } else {
      create.mutate(toInvoicePayload(out, form.getValues(), pricing, taxExempt), {
        onSuccess: (saved) => {
          toast({ title: 'Invoice created successfully' });
          setCreated(saved);
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, FIELDS);
          toast({ variant: 'destructive', title: 'Failed to create invoice', description: errorMessage(error) });
        },
      });
    }
  };

  const title = created
    ? `${word.title} ${created.invoiceNumber} created`
    : isReadOnly
      ? `${word.title} ${invoice.invoiceNumber}`
      : isEdit
        ? `Edit ${word.title}`
        : `Create ${word.title}`;
  const description = created
    ? `Send it to the ${client.lower}, download the PDF, or close this window.`
    : isReadOnly
      ? isClosed
        ? `This ${word.lower} is ${invoice.status === 'void' ? 'void' : 'credited in full'} and can no longer be changed.`
        : 'Only managers and admins can change invoices.'
      : isEdit
        ? `${invoice.invoiceNumber}: update the bill, its status and its lines.`
        : `Bill a ${client.lower}. The ${word.lower} number is assigned when it is saved.`;

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label={title}>
        {amountsFixed && !isClosed && (
          <Alert data-testid="amounts-locked">
            <Lock aria-hidden />
            <AlertTitle>Amounts are locked</AlertTitle>
            <AlertDescription>
              This {word.lower} has been sent, so its lines, {client.lower} and number stay as they are. To correct it, issue a credit note or void it
              from the {word.lower}&apos;s actions.
            </AlertDescription>
          </Alert>
        )}
        {invoice?.status === 'void' && invoice.voidReason && (
          <Alert>
            <Ban aria-hidden />
            <AlertTitle>Void</AlertTitle>
            <AlertDescription>{invoice.voidReason}</AlertDescription>
          </Alert>
        )}
        <fieldset disabled={isLocked} className="grid min-w-0 gap-4">
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
                    disabled={isLocked || amountsFixed}
                    organizationId={invoice?.organizationId ?? null}
                    onChange={(customer) => {
                      if (customer.id !== field.value) form.setValue('workOrderId', null);
                      // A new invoice's due date follows the customer's payment terms until someone sets it.
                      const suggested = suggestedDueDate(customer.paymentTerms);
                      if (!isEdit && suggested && !form.getFieldState('dueDate').isDirty) form.setValue('dueDate', suggested);
                      setCustomerName(customer.name);
                      setOrganizationId(customer.organizationId);
                      setTaxExempt(customer.taxExempt ?? false);
                      field.onChange(customer.id);
                    }}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="grid gap-2">
            <Label htmlFor="invoice-work-order">Add {job.title}</Label>
            <NativeSelect
              id="invoice-work-order"
              value=""
              disabled={isLocked || amountsFixed || customerId === null || !workOrders.data?.rows.length}
              onChange={(e) => addWorkOrder(e.target.value)}
            >
              <option value="">
                {customerId === null
                  ? `Select a ${client.lower} first`
                  : workOrders.isPending
                    ? `Loading ${jobs}...`
                    : workOrders.data?.rows.length
                      ? `Choose a ${job.lower} to add`
                      : `No ${jobs} left to invoice for this ${client.lower}`}
              </option>
              {(workOrders.data?.rows ?? []).map((wo) => (
                <option key={wo.id} value={String(wo.id)}>
                  {wo.orderNumber} - {wo.title} ({formatMoney(wo.totalCost)})
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {isClosed ? (
              <div className="grid gap-2">
                <Label htmlFor="invoice-closed-status">Status</Label>
                <Input id="invoice-closed-status" value={statusLabel(invoice.status)} readOnly />
              </div>
            ) : (
              <StatusSelectField control={form.control} name="status" label="Status" statuses={amountsFixed ? SENT_STATUSES : INVOICE_STATUSES} />
            )}
            <DateField control={form.control} name="dueDate" label="Due Date" />
            {isEdit && (
              <DateField control={form.control} name="paidDate" label="Paid Date" />
            )}
          </div>
          <LineItemsEditor
            disabled={isSaving || created !== null || amountsFixed}
            readOnly={isReadOnly || amountsFixed}
            pricing={{ rates: pricing.activeRates, defaultRateIds: pricing.defaultRateIds, rateById: pricing.rateById }}
          />
          {!amountsFixed && <p className="-mt-2 text-xs text-muted-foreground">Lines without a description, quantity or rate are left out.</p>}
          {!isReadOnly && !amountsFixed && (
            <DocumentAdjustmentFields showManualTax={showManualTax} />
          )}
          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Notes</FormLabel>
                <FormControl>
                  <Textarea rows={3} placeholder="Payment instructions, thanks, terms" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>

        <DocumentTotals figures={figures} idPrefix="invoice">
          {invoice && (
            <>
              <div className="flex justify-between">
                <dt>Amount Paid</dt>
                <dd className="tabular-nums">{formatMoney(invoice.amountPaid)}</dd>
              </div>
              {toCents(invoice.amountCredited) > 0 && (
                <div className="flex justify-between">
                  <dt>Credited</dt>
                  <dd className="tabular-nums" data-testid="invoice-credited">
                    {formatMoney(invoice.amountCredited)}
                  </dd>
                </div>
              )}
              <div className="flex justify-between font-medium">
                <dt>Balance Due</dt>
                <dd className="tabular-nums" data-testid="invoice-balance">
                  {formatMoney(invoice.status === 'void' ? '0' : fromCents(balanceDueCents(totalCents, invoice.amountPaid, invoice.amountCredited)))}
                </dd>
              </div>
            </>
          )}
        </DocumentTotals>

        {invoice && <InvoiceOrigin invoice={invoice} />}

        {invoice?.workOrderId ? <InvoiceJobPhotos workOrderId={invoice.workOrderId} /> : null}

        {invoice && mayHavePlan(invoice.status) && <InvoicePaymentPlan invoiceId={invoice.id} />}

        {invoice && mayHaveReminders(invoice.status) && <InvoiceReminders invoiceId={invoice.id} />}

        {invoice && toCents(invoice.amountCredited) > 0 && <InvoiceCreditNotes invoiceId={invoice.id} canEmail={can('manage_invoices')} />}

        <DialogFooter>
          {created ? (
            <>
              {created.customerHasEmail ? (
                <Button variant="outline" onClick={() => actions.email(created)} disabled={actions.emailingId !== null}>
                  <Mail aria-hidden />
                  {actions.emailingId !== null ? 'Sending...' : 'Email'}
                </Button>
              ) : (
                <p className="self-center text-sm text-muted-foreground" data-testid="no-email-reason">
                  {NO_EMAIL_REASON}
                </p>
              )}
              <Button variant="outline" onClick={() => void actions.download(created)} disabled={actions.downloadingId !== null}>
                <Download aria-hidden />
                {actions.downloadingId !== null ? 'Downloading...' : 'Download'}
              </Button>
              <Button onClick={onDone}>
                <Check aria-hidden />
                Done
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={onDone} disabled={isSaving}>
                {isReadOnly ? 'Close' : 'Cancel'}
              </Button>
              {!isReadOnly && (
                <Button type="submit" disabled={isSaving}>
                  {isSaving ? 'Saving...' : isEdit ? `Update ${word.title}` : `Create ${word.title}`}
                </Button>
              )}
            </>
          )}
        </DialogFooter>
      </form>
    </Form>
  );
}
