// Accounting settings (docs/rules/data-exchange.md#accounting-mapping): the format exports use, the accounts the
// files book to, and a tax code per rate, set of rates and hand-typed tax the organization's documents carry.
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_FIELD_LABELS,
  ACCOUNT_FIELDS,
  ACCOUNTING_FORMAT_LABELS,
  REQUIRED_ACCOUNT_FIELDS,
  taxCodeNeeded,
  type AccountingSettings,
} from '@contracts/accounting';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useSaveAccountingSettings, type OrganizationChoice } from '@/features/accounting/api/accounting-api';
import { FormatField } from '@/features/accounting/components/format-field';
import { ACCOUNT_PLACEHOLDERS, ACCOUNTING_FORM_FIELDS, accountingFormSchema, accountingFormValues } from '@/features/accounting/lib/accounting-form';

const KIND_HINTS = {
  rate: '',
  combination: 'Lines carry these rates together: a combined rate in your accounting system.',
  manual: 'Documents written without rates, with their tax typed in.',
} as const;

export function AccountingSettingsCard({ settings, organizationId }: { settings: AccountingSettings; organizationId: OrganizationChoice }) {
  return (
    <Card className="grid gap-6 p-4 sm:p-6" aria-labelledby="accounting-settings-title" data-testid="accounting-settings-card">
      <div className="min-w-0 space-y-1">
        <h2 id="accounting-settings-title" className="font-semibold">
          Accounting settings
        </h2>
        <p className="text-sm text-muted-foreground">The accounts and tax codes your accounting system uses, as they are named there. Set once; every export uses them.</p>
      </div>
      {/* New rows (a rate added, a set of rates first used) start a fresh form. */}
      <SettingsForm key={settings.taxCodeRows.map((r) => r.key).join(',')} settings={settings} organizationId={organizationId} />
    </Card>
  );
}

function SettingsForm({ settings, organizationId }: { settings: AccountingSettings; organizationId: OrganizationChoice }) {
  const save = useSaveAccountingSettings(organizationId);
  const rows = settings.taxCodeRows;
  const resolver = useMemo(() => zodResolver(accountingFormSchema(rows)), [rows]);
  const form = useForm({ resolver, defaultValues: accountingFormValues(settings) });
  const format = useWatch({ control: form.control, name: 'format' });

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      form.reset(accountingFormValues(saved));
      toast({ title: 'Accounting settings saved' });
    } catch (error) {
      applyServerIssues(error, form.setError, ACCOUNTING_FORM_FIELDS);
      toast({ variant: 'destructive', title: 'Failed to save accounting settings', description: errorMessage(error) });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Accounting settings" data-testid="accounting-settings-form">
        <FormatField
          control={form.control}
          name="format"
          label="Accounting system"
          hint="Exports are made in this format unless another is chosen when exporting."
          className="sm:max-w-sm"
        />
        <section className="grid gap-4 sm:grid-cols-2" aria-label="Accounts">
          {ACCOUNT_FIELDS.map((name) => {
            const used = REQUIRED_ACCOUNT_FIELDS[format].includes(name);
            return (
              <FormField
                key={name}
                control={form.control}
                name={`mapping.${name}`}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>
                      {ACCOUNT_FIELD_LABELS[name]}
                      {!used && <span className="font-normal text-muted-foreground"> (not used by {ACCOUNTING_FORMAT_LABELS[format]})</span>}
                    </FormLabel>
                    <FormControl>
                      <Input {...field} placeholder={ACCOUNT_PLACEHOLDERS[format][name] && `e.g. ${ACCOUNT_PLACEHOLDERS[format][name]}`} autoComplete="off" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            );
          })}
        </section>
        <section className="grid gap-3" aria-labelledby="accounting-tax-codes-title">
          <div className="space-y-1">
            <h3 id="accounting-tax-codes-title" className="text-sm font-semibold">
              Tax codes
            </h3>
            <p className="text-xs text-muted-foreground">
              {rows.length === 0
                ? 'Your organization has no tax rates: every line takes the code for untaxed lines.'
                : 'The code or name of each tax in your accounting system. Lines without tax take the code for untaxed lines.'}
            </p>
          </div>
          {rows.length > 0 && (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Tax codes">
              {rows.map((row, i) => (
                <li key={row.key}>
                  <FormField
                    control={form.control}
                    name={`mapping.taxCodes.${i}.code`}
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>
                          {row.label}
                          {!taxCodeNeeded(format, row) && <span className="font-normal text-muted-foreground"> (not used by {ACCOUNTING_FORMAT_LABELS[format]})</span>}
                        </FormLabel>
                        <FormControl>
                          <Input {...field} autoComplete="off" />
                        </FormControl>
                        {KIND_HINTS[row.kind] && <FormDescription>{KIND_HINTS[row.kind]}</FormDescription>}
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="flex justify-end border-t pt-4">
          <Button type="submit" disabled={save.isPending || (settings.mapping !== null && !form.formState.isDirty)} className="w-full sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save accounting settings'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
