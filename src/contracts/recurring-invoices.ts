// Recurring invoices (docs/rules/money-and-payments.md#recurring-invoices): a customer billed on a schedule, each period's
// invoice made once by the job runner, and charged to a saved card when the customer pays automatically.
import { z } from 'zod';
import { checkDiscount, documentDiscountFields, idInput, lineItemsInputOf, optionalIdInput, optionalText, pricedLineItemInputSchema } from './line-items';
import { listQuerySchema } from './lists';

export const RECURRING_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_STATUSES = ['active', 'paused', 'ended'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .regex(DAY, `${label} must be a date`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} must be a date`);

const fields = {
  customerId: idInput('Please select a customer'),
  /** Super users choose the organization; everyone else's is their own. */
  organizationId: optionalIdInput('Organization not found'),
  /** The work order the billing comes from (a maintenance contract); same organization and customer. */
  workOrderId: optionalIdInput('Work order not found'),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  notes: optionalText(),
  lineItems: lineItemsInputOf(pricedLineItemInputSchema).refine((lines) => lines.length > 0, 'Add at least one line'),
  ...documentDiscountFields,
  frequency: z.enum(RECURRING_FREQUENCIES, { error: `Frequency must be one of ${RECURRING_FREQUENCIES.join(', ')}` }),
  /** Every N weeks (weekly) or N months (monthly); quarterly and yearly are 3 and 12 months. */
  interval: z.number({ error: 'Every must be a whole number' }).int('Every must be a whole number').min(1, 'Every must be at least 1').max(52, 'Every must be at most 52').default(1),
  /** The first invoice's date; later ones follow the frequency (monthly ones on the same day, the last day when shorter). */
  startDate: calendarDay('Start date'),
  /** No invoice after this day. */
  endDate: calendarDay('End date').nullable().optional(),
  /** Or: stop after this many invoices. */
  maxCount: z.number({ error: 'Count must be a whole number' }).int('Count must be a whole number').min(1, 'Count must be at least 1').max(1000, 'Count must be at most 1000').nullable().optional(),
  /** Days from the invoice's date to its due date. */
  dueDays: z.number({ error: 'Due days must be a whole number' }).int('Due days must be a whole number').min(0, 'Due days cannot be negative').max(365, 'Due days must be at most 365').default(30),
  /** Issue each invoice as sent and e-mail it (else it waits as a draft). */
  sendEmail: z.boolean({ error: 'Send must be true or false' }).default(true),
};

function checkSchedule(v: { startDate?: string; endDate?: string | null; discountType?: string | null; discountValue?: string | null }, ctx: z.RefinementCtx) {
  checkDiscount(v, ctx);
  if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
}

/** POST /api/recurring-invoices. */
export const createRecurringInvoiceSchema = z.object(fields).superRefine(checkSchedule);
export type CreateRecurringInvoiceInput = z.input<typeof createRecurringInvoiceSchema>;
export type CreateRecurringInvoice = z.output<typeof createRecurringInvoiceSchema>;

/** PUT /api/recurring-invoices/:id: the whole schedule again, plus pausing; periods already billed stay billed. */
export const updateRecurringInvoiceSchema = z
  .object({ ...fields, status: z.enum(['active', 'paused'], { error: 'Status must be active or paused' }).optional() })
  .superRefine(checkSchedule);
export type UpdateRecurringInvoiceInput = z.input<typeof updateRecurringInvoiceSchema>;
export type UpdateRecurringInvoice = z.output<typeof updateRecurringInvoiceSchema>;

export const recurringInvoiceListQuerySchema = listQuerySchema.extend({
  customerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const recurringLineSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  rate: z.string(),
  discountType: z.enum(['percent', 'amount']).nullable(),
  discountValue: z.string().nullable(),
  taxRateIds: z.array(z.number().int()),
});

export const recurringInvoiceSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  /** The customer pays automatically with a saved card (autoPayEnabled and a default card). */
  autoPay: z.boolean(),
  workOrderId: z.number().int().nullable(),
  title: z.string(),
  notes: z.string().nullable(),
  lineItems: z.array(recurringLineSchema),
  discountType: z.enum(['percent', 'amount']).nullable(),
  discountValue: z.string().nullable(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  interval: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  maxCount: z.number().int().nullable(),
  dueDays: z.number().int(),
  sendEmail: z.boolean(),
  status: z.enum(RECURRING_STATUSES),
  /** The next period's date, or null once ended. */
  nextDate: z.string().nullable(),
  generatedCount: z.number().int(),
  /** Each period's total as priced now (taxes and discounts included). */
  total: z.string(),
  /** The invoices made so far, newest first (at most 24). */
  invoices: z.array(z.object({ id: z.number().int(), invoiceNumber: z.string(), date: z.string(), status: z.string(), total: z.string() })),
  createdAt: z.string(),
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;
export const recurringInvoiceListSchema = z.array(recurringInvoiceSchema);

/** "Every month on the 15th", "Every 2 weeks", "Every quarter", "Every year". */
export function scheduleLabel(s: { frequency: RecurringFrequency; interval: number; startDate: string }): string {
  const day = Number(s.startDate.slice(8, 10));
  const nth = `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;
  if (s.frequency === 'weekly') return s.interval === 1 ? 'Every week' : `Every ${s.interval} weeks`;
  if (s.frequency === 'monthly') return `${s.interval === 1 ? 'Every month' : `Every ${s.interval} months`} on the ${nth}`;
  if (s.frequency === 'quarterly') return `Every quarter on the ${nth}`;
  return 'Every year';
}

/**
 * The date of period `k` (0 = the start date): weeks add 7 x interval days; months keep the start's day of the
 * month, or the month's last day when it is shorter (Jan 31, Feb 28, Mar 31). Counted from the start each time, so a
 * short month never drifts the later dates.
 */
export function periodDate(s: { frequency: RecurringFrequency; interval: number; startDate: string }, k: number): string {
  const [y, m, d] = s.startDate.split('-').map(Number);
  if (s.frequency === 'weekly') return new Date(Date.UTC(y, m - 1, d + 7 * s.interval * k)).toISOString().slice(0, 10);
  const months = s.frequency === 'monthly' ? s.interval : s.frequency === 'quarterly' ? 3 : 12;
  const total = m - 1 + months * k;
  const year = y + Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}
