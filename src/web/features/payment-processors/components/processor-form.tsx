import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  PROCESSOR_LIMITS,
  processorCapabilitiesSchema,
  processorConfigurationIssues,
  processorDisplayNameSchema,
  processorFeesSchema,
  processorTypeSchema,
  webhookUrlSchema,
  type PaymentProcessor,
  type ProcessorBodyInput,
  type ProcessorFeeField,
  type ProcessorType,
} from '@contracts/payment-processors';
import { ApiError } from '@/lib/api-client';
import { heldAs, textField } from '@/lib/form-fields';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { StripeWebhookUrl } from '@/features/payment-processors/components/stripe-webhook-url';
import { Switch } from '@/components/ui/switch';
import { issueField, processorFormValues, processorRequestBody, type ProcessorFormValues } from '@/features/payment-processors/processor-form-values';
import { CAPABILITY_OPTIONS, CONFIG_FIELDS, FEE_OPTIONS, FEE_STEP, isMaskedValue, PROCESSOR_TYPE_OPTIONS, SECRET_MASK } from '@/features/payment-processors/processor-options';

/**
 * The API's field rules on the form's values. Masked keys are left to the server, which knows whether
 * they stand for a saved key.
 */
const formSchema = z
  .object({
    displayName: textField(processorDisplayNameSchema),
    processorType: heldAs<ProcessorType | ''>()(processorTypeSchema),
    isActive: z.boolean(),
    testMode: z.boolean(),
    capabilities: heldAs<string[]>()(processorCapabilitiesSchema),
    webhookUrl: textField(webhookUrlSchema),
    fees: heldAs<Record<ProcessorFeeField, string>>()(processorFeesSchema),
    configuration: z.record(z.string(), z.string()),
  })
  .superRefine((values, ctx) => {
    const typed = Object.fromEntries(Object.entries(values.configuration).filter(([, v]) => !isMaskedValue(v)));
    for (const issue of processorConfigurationIssues(values.processorType, typed)) {
      ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
    }
  });

// `raw`: the submit builds the body from the form's own text (see submit below), not from the schema's output.
const resolver = zodResolver(formSchema, undefined, { raw: true });

interface ProcessorFormProps {
  processor: PaymentProcessor | null;
  organizationId: number;
  isPending: boolean;
  submitLabel: string;
  onSubmit: (body: ProcessorBodyInput) => Promise<unknown>;
  onCancel: () => void;
}

export function ProcessorForm({ processor, organizationId, isPending, submitLabel, onSubmit, onCancel }: ProcessorFormProps) {
  const form = useForm<ProcessorFormValues>({ resolver, defaultValues: processorFormValues(processor) });
  const processorType = useWatch({ control: form.control, name: 'processorType' });
  const configuration = useWatch({ control: form.control, name: 'configuration' });
  const configFields = processorType ? CONFIG_FIELDS[processorType] : [];
  const hasMaskedKeys = configFields.some((f) => isMaskedValue(configuration?.[f.key]));

  // The raw values, not the resolver's output: the body keeps the form's text (the server parses it the same way).
  const submit = form.handleSubmit(async () => {
    try {
      await onSubmit(processorRequestBody(form.getValues(), processor, organizationId));
    } catch (error) {
      // The toast tells what failed; the server's per-field issues go under their fields.
      if (error instanceof ApiError) {
        for (const issue of error.body?.issues ?? []) {
          const field = issueField(issue.path);
          if (field) form.setError(field as keyof ProcessorFormValues, { type: 'server', message: issue.message });
        }
      }
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Payment processor">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="displayName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Display Name</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={PROCESSOR_LIMITS.displayName} placeholder="Stripe" autoFocus {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="processorType"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Processor Type</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value="">Select a processor type</option>
                    {PROCESSOR_TYPE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <FormItem className="flex items-start justify-between gap-3 rounded-md border p-3">
                <div className="grid gap-1">
                  <FormLabel>Active Status</FormLabel>
                  <FormDescription className="text-xs">Takes this organization&apos;s payments; the other processors are deactivated.</FormDescription>
                </div>
                <FormControl>
                  <Switch size="sm" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} />
                </FormControl>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="testMode"
            render={({ field }) => (
              <FormItem className="flex items-start justify-between gap-3 rounded-md border p-3">
                <div className="grid gap-1">
                  <FormLabel>Test Mode</FormLabel>
                  <FormDescription className="text-xs">Uses the processor&apos;s test environment: no real money moves.</FormDescription>
                </div>
                <FormControl>
                  <Switch size="sm" checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={field.name} />
                </FormControl>
              </FormItem>
            )}
          />
        </div>

        <FormField
          control={form.control}
          name="capabilities"
          render={({ field }) => (
            <FormItem>
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">Capabilities</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {CAPABILITY_OPTIONS.map((o) => {
                    const id = `capability-${o.value}`;
                    const checked = field.value.includes(o.value);
                    return (
                      <label key={o.value} htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm">
                        <input
                          id={id}
                          type="checkbox"
                          className="size-4 accent-primary"
                          checked={checked}
                          onChange={(e) => field.onChange(e.target.checked ? [...field.value, o.value] : field.value.filter((c) => c !== o.value))}
                        />
                        {o.label}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormField
          control={form.control}
          name="webhookUrl"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Webhook URL</FormLabel>
              <FormControl>
                <Input type="url" inputMode="url" autoComplete="off" maxLength={PROCESSOR_LIMITS.webhookUrl} placeholder="https://example.com/webhooks/payments" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Fee Structure</legend>
          <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-4">
            {FEE_OPTIONS.map((o) => (
              <FormField
                key={o.value}
                control={form.control}
                name={`fees.${o.value}`}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel className="text-xs">{o.label}</FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="decimal" min="0" step={FEE_STEP} placeholder={o.placeholder ?? '0.00'} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            ))}
          </div>
        </fieldset>

        {processorType && (
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-medium">Configuration</legend>
            {configFields.length === 0 ? (
              <p className="text-sm text-muted-foreground">Manual payments need no keys: staff record payments by hand.</p>
            ) : (
              <>
                {processorType === 'stripe' &&
                  (processor?.stripeWebhookUrl ? (
                    <StripeWebhookUrl url={processor.stripeWebhookUrl} processorName={processor.displayName} />
                  ) : (
                    <p className="text-sm text-muted-foreground" data-testid="stripe-webhook-url-later">
                      Once saved, this processor shows its own Stripe webhook URL: add it in the Stripe dashboard and paste the signing secret it gives
                      into Webhook Secret.
                    </p>
                  ))}
                {hasMaskedKeys && (
                  <p className="text-sm text-muted-foreground" data-testid="masked-key-hint">
                    Saved keys are shown masked ({SECRET_MASK} and the last 4 characters). Leave a masked value as it is to keep the saved key, or
                    type a new one to replace it.
                  </p>
                )}
                {configFields.map((f) => (
                  <FormField
                    key={f.key}
                    control={form.control}
                    name={`configuration.${f.key}`}
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>{f.label}</FormLabel>
                        <FormControl>
                          <Input autoComplete="off" spellCheck={false} placeholder={f.placeholder} className="font-mono" {...field} value={field.value ?? ''} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                ))}
              </>
            )}
          </fieldset>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving...' : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
