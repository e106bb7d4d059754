// How the organization's documents are priced from now on (docs/rules/money-and-payments.md#taxes-and-discounts):
// tax-inclusive prices, and where tax is rounded to the cent.
import { CheckboxField } from '@/components/form-fields';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TAX_ROUNDING, type TaxRounding } from '@contracts/money';
import { TAX_ROUNDING_LABELS, updateTaxSettingsSchema, type TaxSettings } from '@contracts/tax-rates';
import { errorMessage } from '@/lib/api-client';
import { heldAs } from '@/lib/form-fields';
import { applyServerIssues } from '@/lib/server-issues';
import { useUpdateTaxSettings } from '@/lib/tax-settings';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormItem, FormMessage } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';

// The contract's fields are optional for requests that change one; the form always sends both.
const shape = updateTaxSettingsSchema.shape;
const resolver = zodResolver(
  z.object({
    pricesIncludeTax: heldAs<boolean>()(shape.pricesIncludeTax),
    taxRounding: heldAs<TaxRounding>()(shape.taxRounding),
  }),
);
const FIELDS = ['pricesIncludeTax', 'taxRounding'] as const;

export function TaxSettingsForm({ settings, organizationId }: { settings: TaxSettings; organizationId: number | null }) {
  const save = useUpdateTaxSettings(organizationId);
  const form = useForm({ resolver, defaultValues: { pricesIncludeTax: settings.pricesIncludeTax, taxRounding: settings.taxRounding } });

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      // What the server kept becomes the form's starting point, so Save waits for the next change.
      form.reset({ pricesIncludeTax: saved.pricesIncludeTax, taxRounding: saved.taxRounding });
      toast({ title: 'Tax settings updated successfully' });
    } catch (error) {
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: 'Failed to update tax settings', description: errorMessage(error) });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Tax settings" data-testid="tax-settings-form">
        <CheckboxField control={form.control} name="pricesIncludeTax" label="Prices include tax" hint="Line prices are entered with tax in them; the tax shown is the part of the price it makes up." />
        <FormField
          control={form.control}
          name="taxRounding"
          render={({ field }) => (
            <FormItem className="gap-2">
              <fieldset className="grid gap-2" aria-describedby="tax-rounding-help">
                <legend className="mb-1 text-sm font-medium">Tax rounding</legend>
                <p id="tax-rounding-help" className="-mt-1 mb-1 text-xs text-muted-foreground">
                  Where tax is rounded to the cent; on long documents the two can differ by a few cents.
                </p>
                {TAX_ROUNDING.map((value) => (
                  <label key={value} className="flex cursor-pointer items-start gap-2.5 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                    <input
                      type="radio"
                      className="mt-0.5 size-4 accent-primary"
                      name={field.name}
                      value={value}
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                      onBlur={field.onBlur}
                      ref={value === field.value ? field.ref : undefined}
                    />
                    <span>{TAX_ROUNDING_LABELS[value]}</span>
                  </label>
                ))}
              </fieldset>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending || !form.formState.isDirty} className="w-full sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save tax settings'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
