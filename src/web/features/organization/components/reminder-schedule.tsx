// The reminders' schedule: one row per step around the due date, each with its channels.
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { MAX_REMINDER_STEPS, REMINDER_DAYS_MAX, REMINDER_DAYS_MIN, stepLabel, type PaymentReminderSettingsBody } from '@contracts/payment-reminders';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { canAddReminderStep, nextReminderStep, wholeNumber, type PaymentReminderFormValues, type ReminderStepValues } from '@/features/organization/lib/payment-reminder-form';


/** The row's words while its days are being typed: the label of a whole number, else a prompt. */
function rowLabel(days: string | undefined): string {
  const n = wholeNumber(days ?? '');
  return Number.isFinite(n) ? stepLabel(n) : 'Enter the days';
}

export function ReminderSchedule({ form }: { form: UseFormReturn<PaymentReminderFormValues, unknown, PaymentReminderSettingsBody> }) {
  const { control, register, getValues, setValue, clearErrors } = form;
  // Rows are the watched array itself, not useFieldArray: that would add its code to the shared react-hook-form
  // chunk the sign-in page loads, which is at its budget (e2e/first-page-budget.spec.ts). setValue writes the values
  // back into the rows' inputs, so index keys stay right when a row is removed.
  const steps = useWatch({ control, name: 'steps' }) ?? [];
  const { errors } = useFormState({ control, name: 'steps' });
  const update = (next: ReminderStepValues[]) => setValue('steps', next, { shouldDirty: true });
  const append = () => update([...getValues('steps'), nextReminderStep(getValues('steps'))]);
  const remove = (index: number) => {
    // Messages belong to row positions, which just moved; the next save checks again.
    clearErrors('steps');
    update(getValues('steps').filter((_, i) => i !== index));
  };
  const listError = errors.steps?.root?.message ?? errors.steps?.message;

  return (
    <section className="min-w-0 space-y-3" aria-labelledby="reminder-schedule-title">
      <div className="space-y-1">
        <h3 id="reminder-schedule-title" className="text-sm font-semibold">
          Schedule
        </h3>
        <p className="text-xs text-muted-foreground">
          Days count from each invoice&apos;s due date: a negative number is before it, 0 is the day itself. Only invoices with a balance due are
          reminded.
        </p>
      </div>
      <ol className="grid gap-2" aria-label="Reminders">
        {steps.map((step, index) => {
          const label = rowLabel(step.days);
          const stepErrors = errors.steps?.[index];
          const messages = [stepErrors?.days?.message, stepErrors?.email?.message, stepErrors?.sms?.message].filter(Boolean);
          const errorId = `reminder-step-${index}-error`;
          return (
            <li
              key={index}
              data-testid="reminder-step"
              data-off={step.enabled === false || undefined}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border px-3 py-2 data-[off]:bg-muted/40"
            >
              <label className="order-1 flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 text-sm font-medium">
                <input type="checkbox" className="size-4 shrink-0 accent-primary" {...register(`steps.${index}.enabled`)} />
                <span className={cn('min-w-0 break-words', step.enabled === false && 'text-muted-foreground line-through decoration-muted-foreground/60')} data-testid="reminder-step-label">
                  {label}
                </span>
              </label>
              <div className="order-3 flex basis-full flex-wrap items-center gap-x-3 gap-y-2 sm:order-2 sm:basis-auto sm:gap-x-4">
                <label className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={REMINDER_DAYS_MIN}
                    max={REMINDER_DAYS_MAX}
                    step={1}
                    className="h-8 w-16 text-right text-foreground tabular-nums sm:w-20"
                    aria-label="Days from the due date"
                    aria-invalid={Boolean(stepErrors?.days)}
                    aria-describedby={messages.length > 0 ? errorId : undefined}
                    {...register(`steps.${index}.days`)}
                  />
                  {/* On a phone the row's label just above says it. */}
                  <span className="hidden sm:inline" aria-hidden>
                    days
                  </span>
                </label>
                <label className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" aria-invalid={Boolean(stepErrors?.email)} {...register(`steps.${index}.email`)} />
                  E-mail
                </label>
                <label className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4 accent-primary" {...register(`steps.${index}.sms`)} />
                  Text message
                </label>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="order-2 size-8 text-muted-foreground sm:order-3"
                onClick={() => remove(index)}
                disabled={steps.length <= 1}
                aria-label={`Remove the reminder ${label.toLowerCase()}`}
                title={steps.length <= 1 ? 'Keep at least one reminder' : 'Remove'}
              >
                <Trash2 aria-hidden />
              </Button>
              {messages.length > 0 && (
                <p id={errorId} className="order-4 basis-full text-sm text-destructive" data-testid="reminder-step-error">
                  {messages.join(' ')}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={append} disabled={!canAddReminderStep(steps.length)}>
          <Plus aria-hidden />
          Add reminder
        </Button>
        <span className="text-xs text-muted-foreground">
          {steps.length} of {MAX_REMINDER_STEPS}
        </span>
      </div>
    </section>
  );
}
