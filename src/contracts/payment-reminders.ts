// Invoices that chase themselves (docs/rules/money-and-payments.md#payment-reminders): a schedule of reminders around
// the due date, their texts, quiet hours, and an optional late fee.
import { z } from 'zod';
import { decimalInput } from './line-items';
import { toCents } from './money';

/** Days from the due date: negative before it, 0 on it. */
export const REMINDER_DAYS_MIN = -30;
export const REMINDER_DAYS_MAX = 365;
export const MAX_REMINDER_STEPS = 8;

export const DEFAULT_REMINDER_STEPS = [
  { days: -3, enabled: true, email: true, sms: false },
  { days: 0, enabled: true, email: true, sms: false },
  { days: 7, enabled: true, email: true, sms: false },
  { days: 14, enabled: true, email: true, sms: false },
  { days: 30, enabled: true, email: true, sms: false },
] as const;

/** What a template may name, as {name} or {{name}}. */
export const PAYMENT_REMINDER_VARIABLES = ['customerName', 'invoiceNumber', 'amountDue', 'dueDate', 'dueWhen', 'organizationName', 'payLink'] as const;

export const DEFAULT_REMINDER_SUBJECT = 'Invoice {invoiceNumber} from {organizationName}: {amountDue} {dueWhen}';
export const DEFAULT_REMINDER_EMAIL =
  'Hello {customerName},\n\nThis is a friendly reminder that invoice {invoiceNumber} for {amountDue} is {dueWhen}.\n\nYou can pay it online here: {payLink}\n\nIf you have already paid, thank you, and please ignore this message.';
export const DEFAULT_REMINDER_SMS = '{organizationName}: invoice {invoiceNumber} for {amountDue} is {dueWhen}. Pay online: {payLink} Reply STOP to opt out.';

export const LATE_FEE_TYPES = ['none', 'percent', 'fixed'] as const;
export const LATE_FEE_RECURRENCES = ['once', 'monthly'] as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (label: string) =>
  z
    .string({ error: `${label} must be a time like 20:00` })
    .regex(HHMM, `${label} must be a time like 20:00`)
    .nullable();

export const reminderStepSchema = z.object({
  days: z
    .number({ error: 'Days must be a whole number' })
    .int('Days must be a whole number')
    .min(REMINDER_DAYS_MIN, `Days must be at least ${REMINDER_DAYS_MIN}`)
    .max(REMINDER_DAYS_MAX, `Days must be at most ${REMINDER_DAYS_MAX}`),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
  email: z.boolean({ error: 'Email must be true or false' }),
  sms: z.boolean({ error: 'SMS must be true or false' }),
});
export type ReminderStep = z.infer<typeof reminderStepSchema>;

const templateText = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** PUT /api/payment-reminders/settings: the whole settings object. */
export const paymentReminderSettingsInputSchema = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
    steps: z
      .array(reminderStepSchema, { error: 'Steps must be a list' })
      .min(1, 'Keep at least one reminder')
      .max(MAX_REMINDER_STEPS, `At most ${MAX_REMINDER_STEPS} reminders`),
    emailSubject: templateText('Subject', 200),
    emailBody: templateText('E-mail text', 5000),
    smsBody: templateText('Text message', 480),
    /** Nothing is sent from start to end (organization's time zone); both or neither. */
    quietHoursStart: clock('Quiet hours start'),
    quietHoursEnd: clock('Quiet hours end'),
    lateFeeType: z.enum(LATE_FEE_TYPES, { error: 'Late fee must be none, percent or fixed' }),
    lateFeeValue: decimalInput(0.01, 'Late fee must be more than 0').optional(),
    lateFeeRecurrence: z.enum(LATE_FEE_RECURRENCES, { error: 'Late fee must be once or monthly' }),
    /** Days past the due date before the (first) fee. */
    lateFeeGraceDays: z.number({ error: 'Grace days must be a whole number' }).int('Grace days must be a whole number').min(0, 'Grace days cannot be negative').max(365, 'Grace days must be at most 365'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.steps.forEach((s, i) => {
      if (seen.has(s.days)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'days'], message: 'Each reminder needs its own day' });
      seen.add(s.days);
      if (s.enabled && !s.email && !s.sms) ctx.addIssue({ code: 'custom', path: ['steps', i, 'email'], message: 'Choose e-mail, text message or both' });
    });
    if ((v.quietHoursStart === null) !== (v.quietHoursEnd === null)) {
      ctx.addIssue({ code: 'custom', path: [v.quietHoursStart === null ? 'quietHoursStart' : 'quietHoursEnd'], message: 'Set both ends of the quiet hours, or neither' });
    }
    if (v.quietHoursStart !== null && v.quietHoursStart === v.quietHoursEnd) {
      ctx.addIssue({ code: 'custom', path: ['quietHoursEnd'], message: 'Quiet hours must end at another time than they start' });
    }
    if (v.lateFeeType !== 'none' && (v.lateFeeValue === null || v.lateFeeValue === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lateFeeValue'], message: 'Enter the late fee' });
    }
    if (v.lateFeeType === 'percent' && v.lateFeeValue && toCents(v.lateFeeValue) > 10_000) {
      ctx.addIssue({ code: 'custom', path: ['lateFeeValue'], message: 'A percent late fee is at most 100' });
    }
  });
export type PaymentReminderSettingsInput = z.input<typeof paymentReminderSettingsInputSchema>;
export type PaymentReminderSettingsBody = z.output<typeof paymentReminderSettingsInputSchema>;

export const paymentReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  steps: z.array(reminderStepSchema),
  emailSubject: z.string(),
  emailBody: z.string(),
  smsBody: z.string(),
  quietHoursStart: z.string().nullable(),
  quietHoursEnd: z.string().nullable(),
  lateFeeType: z.enum(LATE_FEE_TYPES),
  lateFeeValue: z.string().nullable(),
  lateFeeRecurrence: z.enum(LATE_FEE_RECURRENCES),
  lateFeeGraceDays: z.number().int(),
  /** The organization's time zone (its schedule settings), in which quiet hours and days are counted. */
  timeZone: z.string(),
  variables: z.array(z.string()),
});
export type PaymentReminderSettings = z.infer<typeof paymentReminderSettingsSchema>;

export const REMINDER_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

/** One reminder of an invoice, as its timeline lists it. */
export const invoiceReminderSchema = z.object({
  id: z.number().int(),
  days: z.number().int(),
  channel: z.enum(['email', 'sms']),
  status: z.enum(REMINDER_STATUSES),
  /** When it was (or will be) due to go out. */
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  recipient: z.string().nullable(),
  /** Why it failed or was skipped (paid, voided, no address, a later reminder went instead). */
  note: z.string().nullable(),
  attempts: z.number().int(),
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

export const lateFeeSchema = z.object({ id: z.number().int(), period: z.number().int(), amount: z.string(), createdAt: z.string() });

/** GET /api/invoices/:id/reminders. */
export const invoiceReminderTimelineSchema = z.object({
  reminders: z.array(invoiceReminderSchema),
  lateFees: z.array(lateFeeSchema),
});
export type InvoiceReminderTimeline = z.infer<typeof invoiceReminderTimelineSchema>;

/** "3 days before the due date", "on the due date", "7 days after". */
export function stepLabel(days: number): string {
  if (days === 0) return 'On the due date';
  const n = Math.abs(days);
  return `${n} day${n === 1 ? '' : 's'} ${days < 0 ? 'before the due date' : 'after the due date'}`;
}
