// The late fee an overdue invoice gains (docs/rules/money-and-payments.md#payment-reminders): none, a percent of the
// balance due or a fixed amount, once or every month, after some days of grace.
import { useWatch, type Control } from 'react-hook-form';
import { LATE_FEE_RECURRENCES, LATE_FEE_TYPES, type PaymentReminderSettingsBody } from '@contracts/payment-reminders';
import { wholeNumber, type PaymentReminderFormValues } from '@/features/organization/lib/payment-reminder-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

type LateFeeType = PaymentReminderFormValues['lateFeeType'];
type LateFeeRecurrence = PaymentReminderFormValues['lateFeeRecurrence'];

const TYPE_LABELS: Record<LateFeeType, string> = { none: 'No late fee', percent: 'Percent of the balance due', fixed: 'Fixed amount' };
const RECURRENCE_LABELS: Record<LateFeeRecurrence, string> = { once: 'Once', monthly: 'Every month' };

/** The fee in words, so the numbers above read as one rule. */
function feeSummary(type: LateFeeType, recurrence: LateFeeRecurrence, graceText: string): string {
  if (type === 'none') return 'Overdue invoices keep their amount.';
  const grace = wholeNumber(graceText);
  const when = Number.isFinite(grace) && grace > 0 ? `${grace} day${grace === 1 ? '' : 's'} after the due date` : 'the day after the due date';
  return recurrence === 'monthly'
    ? `Added to an unpaid invoice ${when}, then again every month while it stays unpaid.`
    : `Added once to an unpaid invoice ${when}.`;
}

export function LateFeeFields({ control }: { control: Control<PaymentReminderFormValues, unknown, PaymentReminderSettingsBody> }) {
  const [type, recurrence, grace] = useWatch({ control, name: ['lateFeeType', 'lateFeeRecurrence', 'lateFeeGraceDays'] });

  return (
    <section className="min-w-0 space-y-3" aria-labelledby="late-fee-title" data-testid="late-fee">
      <div className="space-y-1">
        <h3 id="late-fee-title" className="text-sm font-semibold">
          Late fee
        </h3>
        <p className="text-xs text-muted-foreground" data-testid="late-fee-summary">
          {feeSummary(type, recurrence, grace)}
        </p>
      </div>
      <FormField
        control={control}
        name="lateFeeType"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Fee</FormLabel>
            <FormControl>
              <NativeSelect {...field}>
                {LATE_FEE_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      {type !== 'none' && (
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={control}
            name="lateFeeValue"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>{type === 'percent' ? 'Percent' : 'Amount'}</FormLabel>
                <div className="relative">
                  {type === 'fixed' && <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">$</span>}
                  <FormControl>
                    <Input inputMode="decimal" autoComplete="off" className={type === 'fixed' ? 'pl-6' : 'pr-7'} {...field} />
                  </FormControl>
                  {type === 'percent' && <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground">%</span>}
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="lateFeeRecurrence"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>Charged</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {LATE_FEE_RECURRENCES.map((r) => (
                      <option key={r} value={r}>
                        {RECURRENCE_LABELS[r]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="lateFeeGraceDays"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>Grace days</FormLabel>
                <FormControl>
                  <Input type="number" inputMode="numeric" min={0} max={365} step={1} className="tabular-nums" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
      )}
    </section>
  );
}
