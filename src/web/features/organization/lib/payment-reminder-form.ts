// The payment reminders form's schema (docs/decisions/015-one-form-pattern.md): the fields hold what the inputs
// show (days and amounts as text, '' for no quiet hours), and the whole object then goes through the contract's
// schema, so its object rules (each step its own day, both ends of the quiet hours, a fee's value) and its
// messages are the ones shown, on the paths the server answers with (`steps.2.days`).
import { z } from 'zod';
import {
  LATE_FEE_RECURRENCES,
  LATE_FEE_TYPES,
  MAX_REMINDER_STEPS,
  paymentReminderSettingsInputSchema,
  REMINDER_DAYS_MAX,
  type PaymentReminderSettings,
} from '@contracts/payment-reminders';
import { formatPercent } from '@contracts/money';

const stepValuesSchema = z.object({ days: z.string(), enabled: z.boolean(), email: z.boolean(), sms: z.boolean() });

/** Text that is not a whole number becomes NaN, which the contract refuses with its own "must be a whole number". */
export function wholeNumber(text: string): number {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
}

export const paymentReminderFormSchema = z
  .object({
    enabled: z.boolean(),
    steps: z.array(stepValuesSchema),
    emailSubject: z.string(),
    emailBody: z.string(),
    smsBody: z.string(),
    quietHoursStart: z.string(),
    quietHoursEnd: z.string(),
    lateFeeType: z.enum(LATE_FEE_TYPES),
    lateFeeValue: z.string(),
    lateFeeRecurrence: z.enum(LATE_FEE_RECURRENCES),
    lateFeeGraceDays: z.string(),
  })
  .transform(
    (v): unknown => ({
      ...v,
      steps: v.steps.map((s) => ({ ...s, days: wholeNumber(s.days) })),
      quietHoursStart: v.quietHoursStart || null,
      quietHoursEnd: v.quietHoursEnd || null,
      // The value field is hidden without a fee; what it last held is not a fee to keep.
      lateFeeValue: v.lateFeeType === 'none' ? null : v.lateFeeValue,
      lateFeeGraceDays: wholeNumber(v.lateFeeGraceDays),
    }),
  )
  .pipe(paymentReminderSettingsInputSchema);

export type PaymentReminderFormValues = z.input<typeof paymentReminderFormSchema>;
export type ReminderStepValues = PaymentReminderFormValues['steps'][number];

/** The top-level fields, for placing the server's issues (`steps.2.days` lands on `steps`' row 2). */
export const PAYMENT_REMINDER_FIELDS = Object.keys(paymentReminderSettingsInputSchema.shape);

export function paymentReminderFormValues(settings: PaymentReminderSettings): PaymentReminderFormValues {
  return {
    enabled: settings.enabled,
    steps: settings.steps.map((s) => ({ ...s, days: String(s.days) })),
    emailSubject: settings.emailSubject,
    emailBody: settings.emailBody,
    smsBody: settings.smsBody,
    quietHoursStart: settings.quietHoursStart ?? '',
    quietHoursEnd: settings.quietHoursEnd ?? '',
    lateFeeType: settings.lateFeeType,
    // The server keeps two decimals ("1.50"); a percent reads as it was typed ("1.5").
    lateFeeValue: settings.lateFeeValue === null ? '' : settings.lateFeeType === 'percent' ? formatPercent(settings.lateFeeValue) : settings.lateFeeValue,
    lateFeeRecurrence: settings.lateFeeRecurrence,
    lateFeeGraceDays: String(settings.lateFeeGraceDays),
  };
}

/**
 * The step "Add reminder" appends: a week after the latest one, so it starts valid (a day of its own) and in
 * range; the days stay editable.
 */
export function nextReminderStep(steps: readonly Pick<ReminderStepValues, 'days'>[]): ReminderStepValues {
  const used = new Set(steps.map((s) => wholeNumber(s.days)).filter(Number.isFinite));
  let days = Math.min(Math.max(0, ...used) + 7, REMINDER_DAYS_MAX);
  while (used.has(days) && days > 0) days -= 1;
  return { days: String(days), enabled: true, email: true, sms: false };
}

export const canAddReminderStep = (count: number) => count < MAX_REMINDER_STEPS;

/** What one text message holds; a longer one reaches the phone in parts. */
export const SMS_SEGMENT_LENGTH = 160;
