// Add or edit one tax rate (docs/rules/money-and-payments.md#taxes-and-discounts). Documents keep the name and percent
// they were written with, so an edit or an archive changes only what is written from now on.
import { CheckboxField } from '@/components/form-fields';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createTaxRateSchema, TAX_RATE_NAME_MAX, type TaxRate } from '@contracts/tax-rates';
import { formatPercent } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { heldAs, textField } from '@/lib/form-fields';
import { applyServerIssues } from '@/lib/server-issues';
import { useCreateTaxRate, useUpdateTaxRate } from '@/lib/tax-settings';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

// The form always holds a name and a percent, so the create body's rules are the edit's too (the update schema
// makes them optional only for requests that leave them out).
const shape = createTaxRateSchema.shape;
const resolver = zodResolver(
  z.object({
    name: textField(shape.name),
    percent: textField(shape.percent),
    isDefault: heldAs<boolean>()(shape.isDefault),
  }),
);
const FIELDS = ['name', 'percent', 'isDefault'] as const;

interface TaxRateDialogProps {
  /** The rate to edit; null adds a new one. */
  rate: TaxRate | null;
  /** The super user's chosen organization; null for the caller's own. */
  organizationId: number | null;
  onClose: () => void;
}

export function TaxRateDialog({ rate, organizationId, onClose }: TaxRateDialogProps) {
  const isEdit = rate !== null;
  const create = useCreateTaxRate(organizationId);
  const update = useUpdateTaxRate();
  const form = useForm({
    resolver,
    defaultValues: { name: rate?.name ?? '', percent: rate ? formatPercent(rate.percent) : '', isDefault: rate?.isDefault ?? false },
  });
  const isPending = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (isEdit) await update.mutateAsync({ id: rate.id, input: values });
      else await create.mutateAsync(values);
      toast({ title: isEdit ? 'Tax rate updated successfully' : 'Tax rate created successfully' });
      onClose();
    } catch (error) {
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: isEdit ? 'Failed to update tax rate' : 'Failed to create tax rate', description: errorMessage(error) });
    }
  });

  // Archiving is its own action, not a field: it saves at once, whatever else was typed.
  const setArchived = (archived: boolean) => {
    if (!rate) return;
    update.mutate(
      { id: rate.id, input: { archived } },
      {
        onSuccess: () => {
          toast({ title: archived ? `${rate.name} archived` : `${rate.name} restored` });
          onClose();
        },
        onError: (error) => toast({ variant: 'destructive', title: archived ? 'Failed to archive tax rate' : 'Failed to restore tax rate', description: errorMessage(error) }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md" data-testid="tax-rate-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit tax rate' : 'Add tax rate'}</DialogTitle>
          <DialogDescription>
            {isEdit ? 'Changes apply to documents written from now on; existing ones keep their rate.' : 'A rate your invoices and estimates can add to their lines.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Tax rate">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name</FormLabel>
                  <FormControl>
                    <Input {...field} autoFocus autoComplete="off" maxLength={TAX_RATE_NAME_MAX} placeholder="State" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="percent"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Percent</FormLabel>
                  <div className="relative w-32">
                    <FormControl>
                      <Input {...field} inputMode="decimal" autoComplete="off" maxLength={12} className="pr-7 text-right tabular-nums" />
                    </FormControl>
                    <span className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
                      %
                    </span>
                  </div>
                  <FormDescription className="text-xs">Up to 4 decimals, such as 8.875.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <CheckboxField control={form.control} name="isDefault" label="Default" hint="New lines on invoices and estimates start with this rate ticked." />
            <DialogFooter>
              {isEdit && (
                <Button type="button" variant="outline" disabled={isPending} onClick={() => setArchived(!rate.archived)} className="sm:mr-auto">
                  {rate.archived ? 'Restore' : 'Archive'}
                </Button>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" disabled={isPending}>
                  {isEdit ? 'Save Changes' : 'Add tax rate'}
                </Button>
              </div>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
