// The Export card (docs/rules/data-exchange.md#accounting-screen): a period (last month by default, in the
// organization's zone) and a format; Export makes the export and downloads its file, or says there is nothing new.
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { describePeriod, type AccountingSettings } from '@contracts/accounting';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { downloadAccountingExport, useCreateAccountingExport, type OrganizationChoice } from '@/features/accounting/api/accounting-api';
import { FormatField } from '@/features/accounting/components/format-field';
import { PERIOD_PRESETS, presetPeriod, type PeriodPreset } from '@/features/accounting/lib/accounting-period';
import { EXPORT_FORM_FIELDS, exportFormSchema, type ExportFormValues } from '@/features/accounting/lib/export-form';

const resolver = zodResolver(exportFormSchema);

interface ExportCardProps {
  settings: AccountingSettings;
  organizationId: OrganizationChoice;
  /** May change the settings (they show below); else an admin must. */
  canEditSettings: boolean;
}

export function ExportCard({ settings, organizationId, canEditSettings }: ExportCardProps) {
  const create = useCreateAccountingExport(organizationId);
  const form = useForm({
    resolver,
    defaultValues: { preset: 'lastMonth', ...presetPeriod('lastMonth', settings.timeZone), format: settings.format } satisfies ExportFormValues,
  });
  const [preset, from, to] = useWatch({ control: form.control, name: ['preset', 'from', 'to'] });
  const ready = settings.mapping !== null;

  const choosePreset = (next: PeriodPreset) => {
    form.setValue('preset', next);
    if (next !== 'custom') {
      const period = presetPeriod(next, settings.timeZone);
      form.setValue('from', period.from);
      form.setValue('to', period.to);
      form.clearErrors(['from', 'to']);
    }
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      const result = await create.mutateAsync(body);
      if (!result.export) {
        toast({ title: 'Nothing new to export', description: result.message });
        return;
      }
      toast({ title: 'Export made', description: result.message });
      await downloadAccountingExport(result.export);
    } catch (error) {
      applyServerIssues(error, form.setError, EXPORT_FORM_FIELDS);
      toast({ variant: 'destructive', title: 'Failed to export', description: errorMessage(error) });
    }
  });

  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby="accounting-export-title" data-testid="accounting-export-card">
      <div className="min-w-0 space-y-1">
        <h2 id="accounting-export-title" className="font-semibold">
          Export
        </h2>
        <p className="text-sm text-muted-foreground">
          Invoices, credit notes, payments and refunds of the period that no earlier export had. Days are counted in {settings.timeZone} time.
        </p>
      </div>
      {!ready && (
        <p className="rounded-md border border-dashed p-3 text-sm" data-testid="accounting-needs-settings">
          {canEditSettings
            ? 'Choose the accounts and tax codes under Accounting settings below before the first export.'
            : 'An organization admin chooses the accounts and tax codes before the first export.'}
        </p>
      )}
      <Form {...form}>
        <form onSubmit={submit} noValidate aria-label="Export" className="grid gap-4 sm:grid-cols-2 sm:items-start lg:grid-cols-[12rem_minmax(0,1fr)_14rem_auto]">
          <FormField
            control={form.control}
            name="preset"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Period</FormLabel>
                <FormControl>
                  <NativeSelect {...field} onChange={(e) => choosePreset(PERIOD_PRESETS.find((p) => p.value === e.target.value)?.value ?? 'lastMonth')}>
                    {PERIOD_PRESETS.map((p) => (
                      <option key={p.value} value={p.value}>
                        {p.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
              </FormItem>
            )}
          />
          {preset === 'custom' ? (
            <div className="grid grid-cols-2 items-start gap-3">
              {(['from', 'to'] as const).map((name) => (
                <FormField
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{name === 'from' ? 'From' : 'To'}</FormLabel>
                      <FormControl>
                        <Input type="date" {...field} min={name === 'to' ? from || undefined : undefined} max={name === 'from' ? to || undefined : undefined} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              ))}
            </div>
          ) : (
            <p className="text-sm sm:mt-7.5" data-testid="accounting-period-text" aria-live="polite">
              {describePeriod(from, to)}
            </p>
          )}
          <FormatField control={form.control} name="format" label="Format" />
          <Button type="submit" disabled={!ready || create.isPending} className="w-full sm:col-span-2 lg:col-span-1 lg:mt-5.5 lg:w-auto" data-testid="accounting-export">
            <Download aria-hidden />
            {create.isPending ? 'Exporting...' : 'Export'}
          </Button>
        </form>
      </Form>
    </Card>
  );
}
