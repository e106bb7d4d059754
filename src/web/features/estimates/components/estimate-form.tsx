// The create / edit estimate form (docs/rules/records.md#estimate-form, #messages-on-screen).
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CopyPlus, FileInput, Lock } from 'lucide-react';
import { estimateLocked, type Estimate } from '@contracts/estimates';
import { formatMoney, fromCents } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { DateField, StatusSelectField } from '@/components/form-fields';
import { DocumentAdjustmentFields } from '@/components/document-discount-field';
import { DocumentTotals } from '@/components/document-totals';
import { LineItemsEditor } from '@/components/line-items-editor';
import { statusText } from '@/components/status-badge';
import { useCreateEstimate } from '@/features/estimates/api/create-estimate';
import { useEstimate } from '@/features/estimates/api/get-estimate';
import { useUpdateEstimate } from '@/features/estimates/api/update-estimate';
import { ConvertEstimateDialog } from '@/features/estimates/components/convert-estimate-dialog';
import { EstimateApprovalPanel, hasApprovalStory } from '@/features/estimates/components/estimate-approval-panel';
import { NewVersionDialog } from '@/features/estimates/components/new-version-dialog';
import {
  estimateFormSchema,
  formDepositCents,
  estimateValues,
  newEstimateValues,
  priceEstimateForm,
  statusChoices,
  toEstimatePayload,
  toEstimateUpdate,
  type EstimateFormOutput,
  type EstimateFormValues,
} from '@/features/estimates/lib/estimate-form-schema';
import { canConvert, canStartNewVersion } from '@/features/estimates/lib/estimate-status';
import { CustomerPicker } from '@/components/customer-picker';
import { useCan } from '@/lib/auth/use-can';
import { figuresOfAnswer, figuresOfPriced, lineRateIds, ratesOfLines, useDocumentPricing } from '@/lib/document-pricing';
import { applyServerIssues } from '@/lib/server-issues';
import { useRecordWord } from '@/lib/use-labels';

const resolver = zodResolver(estimateFormSchema);
const FIELDS = Object.keys(newEstimateValues());

export function EstimateForm({ estimateId, onDone }: { estimateId: number | null; onDone: () => void }) {
  const existing = useEstimate(estimateId);
  const word = useRecordWord('estimates');
  if (estimateId === null) return <EstimateFormBody estimate={null} onDone={onDone} />;
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
  // A new version is a fresh draft: the form starts again from it.
  return <EstimateFormBody key={`${existing.data.id}-v${existing.data.version}`} estimate={existing.data} onDone={onDone} />;
}

function EstimateFormBody({ estimate, onDone }: { estimate: Estimate | null; onDone: () => void }) {
  const word = useRecordWord('estimates');
  const client = useRecordWord('customers');
  const can = useCan();
  const isEdit = estimate !== null;
  const isReadOnly = isEdit && !can('manage_estimates');
  // Approved (signed) or converted: what the customer agreed to stays as it is (docs/rules/quote-approval.md#versions).
  const isLocked = isEdit && estimateLocked(estimate.status);
  const [customerName, setCustomerName] = useState<string | null>(estimate?.customerName ?? null);
  // The customer's organization prices the estimate (a super user's session spans several), and its tax exemption.
  const [organizationId, setOrganizationId] = useState<number | null>(estimate?.organizationId ?? null);
  const [taxExempt, setTaxExempt] = useState(estimate?.taxExempt ?? false);
  const pricing = useDocumentPricing(organizationId, estimate ? ratesOfLines(estimate.lineItems) : [], isReadOnly || isLocked);
  const [askingNewVersion, setAskingNewVersion] = useState(false);
  const [converting, setConverting] = useState(false);
  const form = useForm<EstimateFormValues, unknown, EstimateFormOutput>({
    resolver,
    defaultValues: estimate ? estimateValues(estimate) : newEstimateValues(),
  });
  const create = useCreateEstimate();
  const update = useUpdateEstimate();
  const isSaving = create.isPending || update.isPending;
  const [lineItems, tax, discountType, discountValue, depositType, depositValue] = useWatch({
    control: form.control,
    name: ['lineItems', 'tax', 'discountType', 'discountValue', 'depositType', 'depositValue'],
  });
  const live = { lineItems, tax, discountType, discountValue };
  // What the customer approved (or staff may not change) stays as the server priced it; a draft is priced live.
  const figures =
    estimate && (isReadOnly || isLocked) ? figuresOfAnswer(estimate) : figuresOfPriced(priceEstimateForm(live, pricing, taxExempt), pricing, taxExempt);
  const depositDue = formDepositCents({ ...live, depositType, depositValue }, pricing, taxExempt);
  // The tax typed by hand is for an organization without rates; one kept from before rates stays visible while it counts.
  const anyLineRated = (lineItems ?? []).some((l) => lineRateIds(l, pricing).length > 0);
  const showManualTax = pricing.isReady && (pricing.activeRates.length === 0 || (Boolean(tax?.trim()) && !anyLineRated));

  // The messages of docs/rules/records.md#messages-on-screen ("Estimate updated successfully", "Failed to update estimate").
  const handlers = (verb: 'create' | 'update') => ({
    onSuccess: () => {
      toast({ title: `Estimate ${verb}d successfully` });
      onDone();
    },
    onError: (error: unknown) => {
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: `Failed to ${verb} estimate`, description: errorMessage(error) });
    },
  });
  const onValid = (out: EstimateFormOutput) => {
    const raw = form.getValues();
    if (!estimate) return create.mutate(toEstimatePayload(out, raw, pricing, taxExempt), handlers('create'));
    // A locked estimate takes no change (toEstimateUpdate): the form offers no save for it.
    const input = toEstimateUpdate(out, raw, estimate, pricing, taxExempt);
    if (input) update.mutate({ id: estimate.id, input }, handlers('update'));
  };

  const title = isReadOnly || isLocked ? `${word.title} ${estimate.estimateNumber}` : isEdit ? `Edit ${word.title}` : `Create ${word.title}`;
  const fieldsDisabled = isReadOnly || isSaving || isLocked;
  const signedByCustomer = estimate?.responses.some((r) => r.kind === 'approved' && r.version === estimate.version) ?? false;
  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {isReadOnly
            ? 'Only managers and admins can change estimates.'
            : isLocked
              ? `Version ${estimate.version}, ${estimate.status === 'converted' ? 'converted' : 'approved'}: it can no longer change.`
              : isEdit
                ? `${estimate.estimateNumber}: update the quote and its lines.`
                : `Quote a job for a ${client.lower}. The ${word.lower} number is assigned when it is saved.`}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid min-w-0 gap-4" aria-label={title}>
        {isLocked && (
          <Alert data-testid="estimate-locked">
            <Lock aria-hidden />
            <AlertTitle>
              {estimate.status === 'converted' ? 'Converted' : signedByCustomer ? `Approved by the ${client.lower}` : 'Approved'} — this {word.lower} is locked.
            </AlertTitle>
            <AlertDescription>
              <p>
                {canStartNewVersion(estimate.status)
                  ? 'Start a new version to change it.'
                  : `For changes, create a new ${word.lower}.`}
              </p>
              {!isReadOnly && (canStartNewVersion(estimate.status) || canConvert(estimate.status)) && (
                <div className="mt-1 flex flex-wrap gap-2">
                  {canStartNewVersion(estimate.status) && (
                    <Button variant="outline" size="sm" className="text-foreground" onClick={() => setAskingNewVersion(true)} disabled={isSaving}>
                      <CopyPlus aria-hidden />
                      New version
                    </Button>
                  )}
                  {canConvert(estimate.status) && (
                    <Button variant="outline" size="sm" className="text-foreground" onClick={() => setConverting(true)} disabled={isSaving}>
                      <FileInput aria-hidden />
                      Convert…
                    </Button>
                  )}
                </div>
              )}
            </AlertDescription>
          </Alert>
        )}
        {estimate && hasApprovalStory(estimate) && <EstimateApprovalPanel estimate={estimate} />}
        <fieldset disabled={fieldsDisabled} className="grid min-w-0 gap-4">
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
                    disabled={fieldsDisabled}
                    organizationId={estimate?.organizationId ?? null}
                    onChange={(customer) => {
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
          <FormField
            control={form.control}
            name="title"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Title</FormLabel>
                <FormControl>
                  <Input placeholder="e.g. Bathroom renovation" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Description</FormLabel>
                <FormControl>
                  <Textarea rows={3} placeholder="Scope of the work" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <StatusSelectField control={form.control} name="status" label="Status" statuses={statusChoices(estimate?.status ?? 'draft')} labelOf={statusText} />
            <DateField control={form.control} name="validUntil" label="Valid Until" />
          </div>
          <LineItemsEditor
            disabled={isSaving}
            readOnly={isReadOnly || isLocked}
            optionalItems
            pricing={{ rates: pricing.activeRates, defaultRateIds: pricing.defaultRateIds, rateById: pricing.rateById }}
          />
          {!isLocked && (
            <p className="-mt-2 text-xs text-muted-foreground">
              The {client.lower} may add optional lines when approving; until then they are not in the total.
            </p>
          )}
          {!isReadOnly && !isLocked && (
            <DocumentAdjustmentFields showManualTax={showManualTax} />
          )}
          <FormField
            control={form.control}
            name="terms"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Terms</FormLabel>
                <FormControl>
                  <Textarea rows={3} placeholder="Deposit, payment schedule, what is not included" {...field} />
                </FormControl>
                <FormDescription>Shown to the {client.lower} with the {word.lower} and printed on the PDF.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        <fieldset disabled={isReadOnly || isSaving || isLocked} className="grid min-w-0 gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="depositType"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Deposit</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      <option value="none">No deposit</option>
                      <option value="percent">Percent of the total</option>
                      <option value="fixed">Fixed amount</option>
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {depositType !== 'none' && (
              <FormField
                control={form.control}
                name="depositValue"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{depositType === 'percent' ? 'Deposit percent' : 'Deposit amount'}</FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="decimal" min={0} step="0.01" max={depositType === 'percent' ? 100 : undefined} placeholder={depositType === 'percent' ? '25' : '0.00'} {...field} />
                    </FormControl>
                    <FormDescription>The {client.lower} pays it from the {word.lower} page once they approve.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
          </div>
          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Notes</FormLabel>
                <FormControl>
                  <Textarea rows={2} placeholder="Notes about this job" {...field} />
                </FormControl>
                <FormDescription>Printed on the PDF under Notes.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>

        <DocumentTotals figures={figures} idPrefix="estimate">
          {depositDue > 0 && (
            <div className="flex justify-between text-muted-foreground">
              <dt>Deposit due on approval</dt>
              <dd className="tabular-nums" data-testid="estimate-deposit">
                {formatMoney(fromCents(depositDue))}
                {estimate && estimate.depositPaid !== '0.00' && ` (paid ${formatMoney(estimate.depositPaid)})`}
              </dd>
            </div>
          )}
        </DocumentTotals>

        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={isSaving}>
            {isReadOnly || isLocked ? 'Close' : 'Cancel'}
          </Button>
          {!isReadOnly && !isLocked && (
            <Button type="submit" disabled={isSaving}>
              {isSaving ? 'Saving...' : isEdit ? `Update ${word.title}` : `Create ${word.title}`}
            </Button>
          )}
        </DialogFooter>
      </form>
      {askingNewVersion && estimate && <NewVersionDialog estimate={estimate} onClose={() => setAskingNewVersion(false)} />}
      {estimate && <ConvertEstimateDialog estimate={converting ? estimate : null} onClose={() => setConverting(false)} />}
    </Form>
  );
}
