// The create / edit estimate form (docs/rules/records.md#estimate-form, #messages-on-screen).
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ESTIMATE_STATUSES, type Estimate } from '@contracts/estimates';
import { formatMoney, fromCents } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { saveRecord } from '@/lib/save-record';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { DateField, StatusSelectField } from '@/components/form-fields';
import { LineItemsEditor } from '@/components/line-items-editor';
import { useCreateEstimate } from '@/features/estimates/api/create-estimate';
import { useEstimate } from '@/features/estimates/api/get-estimate';
import { useUpdateEstimate } from '@/features/estimates/api/update-estimate';
import {
  estimateFormSchema,
  estimateTotals,
  estimateValues,
  newEstimateValues,
  toEstimatePayload,
  type EstimateFormOutput,
  type EstimateFormValues,
} from '@/features/estimates/lib/estimate-form-schema';
import { CustomerPicker } from '@/components/customer-picker';
import { useCan } from '@/lib/auth/use-can';
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
  return <EstimateFormBody key={existing.data.id} estimate={existing.data} onDone={onDone} />;
}

function EstimateFormBody({ estimate, onDone }: { estimate: Estimate | null; onDone: () => void }) {
  const word = useRecordWord('estimates');
  const client = useRecordWord('customers');
  const can = useCan();
  const isEdit = estimate !== null;
  const isReadOnly = isEdit && !can('manage_estimates');
  const [customerName, setCustomerName] = useState<string | null>(estimate?.customerName ?? null);
  const form = useForm<EstimateFormValues, unknown, EstimateFormOutput>({
    resolver,
    defaultValues: estimate ? estimateValues(estimate) : newEstimateValues(),
  });
  const create = useCreateEstimate();
  const update = useUpdateEstimate();
  const isSaving = create.isPending || update.isPending;
  const [lineItems, tax] = useWatch({ control: form.control, name: ['lineItems', 'tax'] });
  const totals = estimateTotals({ lineItems, tax });

  const onValid = (out: EstimateFormOutput) =>
    saveRecord({
      id: estimate?.id,
      input: toEstimatePayload(out, form.getValues()),
      create,
      update,
      noun: 'Estimate',
      onSaved: onDone,
      onFailed: (error) => applyServerIssues(error, form.setError, FIELDS),
      describeError: errorMessage,
    });

  const title = isReadOnly ? `${word.title} ${estimate.estimateNumber}` : isEdit ? `Edit ${word.title}` : `Create ${word.title}`;
  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {isReadOnly
            ? 'Only managers and admins can change estimates.'
            : isEdit
              ? `${estimate.estimateNumber}: update the quote and its lines.`
              : `Quote a job for a ${client.lower}. The ${word.lower} number is assigned when it is saved.`}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label={title}>
        <fieldset disabled={isReadOnly || isSaving} className="grid min-w-0 gap-4">
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
                    organizationId={estimate?.organizationId ?? null}
                    onChange={(customer) => {
                      setCustomerName(customer.name);
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
            <StatusSelectField control={form.control} name="status" label="Status" statuses={ESTIMATE_STATUSES} />
            <DateField control={form.control} name="validUntil" label="Valid Until" />
          </div>
          <LineItemsEditor disabled={isSaving} readOnly={isReadOnly} />
          <FormField
            control={form.control}
            name="tax"
            render={({ field }) => (
              <FormItem className="sm:max-w-48">
                <FormLabel>Tax</FormLabel>
                <FormControl>
                  <Input type="number" inputMode="decimal" min={0} step="0.01" placeholder="0.00" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>

        <dl className="grid gap-1 rounded-md bg-muted px-4 py-3 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd className="tabular-nums" data-testid="estimate-subtotal">
              {formatMoney(fromCents(totals.subtotalCents))}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt>Tax</dt>
            <dd className="tabular-nums">{formatMoney(fromCents(totals.taxCents))}</dd>
          </div>
          <div className="flex justify-between text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="estimate-total">
              {formatMoney(fromCents(totals.totalCents))}
            </dd>
          </div>
        </dl>

        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={isSaving}>
            {isReadOnly ? 'Close' : 'Cancel'}
          </Button>
          {!isReadOnly && (
            <Button type="submit" disabled={isSaving}>
              {isSaving ? 'Saving...' : isEdit ? `Update ${word.title}` : `Create ${word.title}`}
            </Button>
          )}
        </DialogFooter>
      </form>
    </Form>
  );
}
