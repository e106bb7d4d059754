// Automatic payment reminders on the Organization screen (docs/rules/money-and-payments.md#payment-reminders): the
// schedule around the due date, the texts sent, quiet hours and the late fee, saved as one settings object.
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing } from 'lucide-react';
import type { PaymentReminderSettings, PaymentReminderSettingsBody } from '@contracts/payment-reminders';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { CheckboxField } from '@/components/form-fields';
import { PanelStatus } from '@/components/panel-status';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { usePaymentReminderSettings, useUpdatePaymentReminderSettings } from '@/features/organization/api/payment-reminders';
import { LateFeeFields } from '@/features/organization/components/late-fee-fields';
import { ReminderSchedule } from '@/features/organization/components/reminder-schedule';
import { SettingsCard } from '@/features/organization/components/settings-card';
import {
  PAYMENT_REMINDER_FIELDS,
  paymentReminderFormSchema,
  paymentReminderFormValues,
  SMS_SEGMENT_LENGTH,
  type PaymentReminderFormValues,
} from '@/features/organization/lib/payment-reminder-form';

type FormControlOf = Control<PaymentReminderFormValues, unknown, PaymentReminderSettingsBody>;

const resolver = zodResolver(paymentReminderFormSchema);

/** `organizationId`: the super user's chosen organization; null for one's own. */
export function PaymentRemindersCard({ organizationId }: { organizationId: number | null }) {
  const settings = usePaymentReminderSettings(organizationId);

  return (
    <SettingsCard
      name="payment-reminders"
      icon={BellRing}
      title="Payment reminders"
      description="Invoices remind your customers before and after they fall due, by e-mail or text message."
    >
      <PanelStatus
        isPending={settings.isPending}
        error={settings.error}
        isEmpty={false}
        emptyText=""
        failedTitle="Failed to load payment reminder settings"
        testId="payment-reminders"
      >
        {settings.data && <PaymentRemindersForm settings={settings.data} organizationId={organizationId} />}
      </PanelStatus>
    </SettingsCard>
  );
}

function PaymentRemindersForm({ settings, organizationId }: { settings: PaymentReminderSettings; organizationId: number | null }) {
  const save = useUpdatePaymentReminderSettings(organizationId);
  const form = useForm({ resolver, defaultValues: paymentReminderFormValues(settings) });

  const submit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      // What the server kept (days in order, normalized amounts) becomes the form's starting point.
      form.reset(paymentReminderFormValues(saved));
      toast({ title: 'Payment reminder settings saved' });
    } catch (error) {
      applyServerIssues(error, form.setError, PAYMENT_REMINDER_FIELDS);
      toast({ variant: 'destructive', title: 'Failed to save payment reminder settings', description: errorMessage(error) });
    }
  });

  const clearQuietHours = () => {
    form.setValue('quietHoursStart', '', { shouldDirty: true });
    form.setValue('quietHoursEnd', '', { shouldDirty: true });
    form.clearErrors(['quietHoursStart', 'quietHoursEnd']);
  };

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Payment reminder settings" data-testid="payment-reminders-form">
        <div className="rounded-md border bg-muted/30 p-3">
          <CheckboxField
            control={form.control}
            name="enabled"
            label="Send payment reminders automatically"
            hint="Each invoice with a balance due is reminded on the schedule below; paid and voided invoices are not."
          />
        </div>
        <ReminderSchedule form={form} />
        <div className="grid items-start gap-6 border-t pt-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
          <MessageTemplates control={form.control} variables={settings.variables} />
          <div className="grid min-w-0 gap-6 border-t pt-6 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-8">
            <QuietHours control={form.control} timeZone={settings.timeZone} onClear={clearQuietHours} />
            <LateFeeFields control={form.control} />
          </div>
        </div>
        <div className="flex justify-end border-t pt-4">
          <Button type="submit" disabled={save.isPending || !form.formState.isDirty} className="w-full sm:w-auto">
            {save.isPending ? 'Saving...' : 'Save reminder settings'}
          </Button>
        </div>
      </form>
    </Form>
  );
}

function MessageTemplates({ control, variables }: { control: FormControlOf; variables: string[] }) {
  const sms = useWatch({ control, name: 'smsBody' }) ?? '';
  const parts = Math.ceil(sms.length / SMS_SEGMENT_LENGTH);

  return (
    <section className="min-w-0 space-y-3" aria-labelledby="reminder-messages-title">
      <div className="space-y-1">
        <h3 id="reminder-messages-title" className="text-sm font-semibold">
          Messages
        </h3>
        <p className="text-xs text-muted-foreground" data-testid="reminder-variables">
          These words are filled in for each invoice:{' '}
          {variables.map((name, i) => (
            <span key={name}>
              <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.7rem] text-foreground">{`{${name}}`}</code>
              {i < variables.length - 1 ? ' ' : ''}
            </span>
          ))}
        </p>
      </div>
      <FormField
        control={control}
        name="emailSubject"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Subject</FormLabel>
            <FormControl>
              <Input {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="emailBody"
        render={({ field }) => (
          <FormItem>
            <FormLabel>E-mail text</FormLabel>
            <FormControl>
              <Textarea rows={8} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="smsBody"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Text message</FormLabel>
            <FormControl>
              <Textarea rows={4} {...field} />
            </FormControl>
            <p className="flex flex-col gap-0.5 text-xs text-muted-foreground sm:flex-row sm:items-start sm:justify-between sm:gap-3">
              <span className="min-w-0">Over {SMS_SEGMENT_LENGTH} characters, with the words filled in, is sent as several messages.</span>
              <span
                className="shrink-0 whitespace-nowrap tabular-nums data-[over]:font-medium data-[over]:text-foreground"
                data-testid="sms-length"
                data-over={sms.length > SMS_SEGMENT_LENGTH || undefined}
              >
                {sms.length} characters{parts > 1 ? ` (${parts} messages)` : ''}
              </span>
            </p>
            <FormMessage />
          </FormItem>
        )}
      />
    </section>
  );
}

function QuietHours({ control, timeZone, onClear }: { control: FormControlOf; timeZone: string; onClear: () => void }) {
  const [start, end] = useWatch({ control, name: ['quietHoursStart', 'quietHoursEnd'] });

  return (
    <section className="min-w-0 space-y-3" aria-labelledby="quiet-hours-title" data-testid="quiet-hours">
      <div className="space-y-1">
        <h3 id="quiet-hours-title" className="text-sm font-semibold">
          Quiet hours
        </h3>
        <p className="text-xs text-muted-foreground">Reminders due in these hours wait until they end, in your time zone: {timeZone}.</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField
          control={control}
          name="quietHoursStart"
          render={({ field }) => (
            <FormItem className="content-start">
              <FormLabel>Start</FormLabel>
              <FormControl>
                <Input type="time" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="quietHoursEnd"
          render={({ field }) => (
            <FormItem className="content-start">
              <FormLabel>End</FormLabel>
              <FormControl>
                <Input type="time" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      {(start || end) && (
        <Button type="button" variant="ghost" size="sm" className="-ml-2 text-muted-foreground" onClick={onClear}>
          No quiet hours
        </Button>
      )}
    </section>
  );
}
