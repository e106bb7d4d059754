// The recurring invoice form (docs/rules/money-and-payments.md#recurring-invoices): the contract's rules and messages
// for what the fields hold, complete lines only, and the request body the server reads.
import { z, type ZodType } from 'zod';
import {
  createRecurringInvoiceSchema,
  type CreateRecurringInvoiceInput,
  type RecurringFrequency,
  type RecurringInvoice,
} from '@contracts/recurring-invoices';
import { emptyLineItem, type LineItemValues } from '@/components/line-items-editor';
import type { DocumentPricing } from '@/lib/document-pricing';
import { chosenIdField, heldAs, textField } from '@/lib/form-fields';
import { checkFormDiscount, formDocumentDiscountFields, plainDecimal, plainQuantity } from '@/lib/line-item-schema';
import { completeLinesField, completeLinesToSend, isCompleteLine } from '@/lib/priced-lines';

const shape = createRecurringInvoiceSchema.shape;

export const RECURRING_ENDS = ['never', 'on_date', 'after_count'] as const;
export type RecurringEnds = (typeof RECURRING_ENDS)[number];

/** Weekly and monthly schedules repeat every N weeks or months; quarterly and yearly have their own step. */
export const hasInterval = (frequency: RecurringFrequency) => frequency === 'weekly' || frequency === 'monthly';

/** A number input's text read by the contract's whole-number rule ('' and '2.5' get its message). */
const wholeNumber = <S extends ZodType>(schema: S) => textField(z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), schema));

const intervalField = wholeNumber(shape.interval);
const endDateField = textField(shape.endDate);
const maxCountField = wholeNumber(shape.maxCount);

/** Runs a field's schema on a value the form only checks in some states, and puts its first message on the field. */
function checkWhen(schema: ZodType, value: string, path: string, ctx: z.RefinementCtx) {
  const result = schema.safeParse(value);
  if (!result.success) ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0].message });
}

export const recurringInvoiceFormSchema = z
  .object({
    customerId: chosenIdField(shape.customerId),
    title: textField(shape.title),
    frequency: heldAs<RecurringFrequency>()(shape.frequency),
    /** Read only for weekly and monthly schedules. */
    interval: z.string(),
    startDate: textField(shape.startDate),
    ends: z.enum(RECURRING_ENDS),
    /** Read only when the schedule ends on a date, or after a count. */
    endDate: z.string(),
    maxCount: z.string(),
    dueDays: wholeNumber(shape.dueDays),
    sendEmail: z.boolean(),
    notes: textField(shape.notes),
    ...formDocumentDiscountFields,
    lineItems: completeLinesField,
  })
  .superRefine(
    (v, ctx) => {
      checkFormDiscount({ discountType: v.discountType ?? undefined, discountValue: v.discountValue }, ctx);
      if (hasInterval(v.frequency)) checkWhen(intervalField, v.interval, 'interval', ctx);
      if (v.ends === 'on_date') {
        checkWhen(endDateField, v.endDate, 'endDate', ctx);
        // The contract's order of the two dates, on the end date as the server words it.
        if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
      }
      if (v.ends === 'after_count') checkWhen(maxCountField, v.maxCount, 'maxCount', ctx);
      // On the first line's description, which typing clears: the form re-checks a changed field, never the list as a whole.
      if (!v.lineItems.some(isCompleteLine)) ctx.addIssue({ code: 'custom', path: ['lineItems', 0, 'description'], message: 'Add at least one line' });
    },
    // Shown with the other fields' messages, not only once they are fixed.
    { when: () => true },
  );

export type RecurringInvoiceFormValues = z.input<typeof recurringInvoiceFormSchema>;
export type RecurringInvoiceFormOutput = z.output<typeof recurringInvoiceFormSchema>;

/** Today in the user's calendar, as a date input holds it. */
export function todayInput(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function newRecurringInvoiceValues(now: Date = new Date()): RecurringInvoiceFormValues {
  return {
    customerId: null,
    title: '',
    frequency: 'monthly',
    interval: '1',
    startDate: todayInput(now),
    ends: 'never',
    endDate: '',
    maxCount: '',
    dueDays: '30',
    sendEmail: true,
    notes: '',
    discountType: 'percent',
    discountValue: '',
    lineItems: [emptyLineItem()],
  };
}

export function recurringInvoiceValues(r: RecurringInvoice): RecurringInvoiceFormValues {
  const lines = r.lineItems.map(
    (l): LineItemValues => ({
      description: l.description,
      quantity: plainQuantity(l.quantity),
      rate: l.rate,
      discountType: l.discountType ?? 'percent',
      discountValue: plainDecimal(l.discountValue),
      taxRateIds: l.taxRateIds,
    }),
  );
  return {
    customerId: r.customerId,
    title: r.title,
    frequency: r.frequency,
    interval: String(r.interval),
    startDate: r.startDate,
    ends: r.endDate ? 'on_date' : r.maxCount ? 'after_count' : 'never',
    endDate: r.endDate ?? '',
    maxCount: r.maxCount ? String(r.maxCount) : '',
    dueDays: String(r.dueDays),
    sendEmail: r.sendEmail,
    notes: r.notes ?? '',
    discountType: r.discountType ?? 'percent',
    discountValue: plainDecimal(r.discountValue),
    lineItems: lines.length > 0 ? lines : [emptyLineItem()],
  };
}

/**
 * The POST body, and the PUT body without a status (which keeps the schedule's own). Only the ending chosen is sent;
 * quarterly and yearly schedules have no interval of their own. `pricing` gives a line nobody chose rates for the
 * organization's defaults; `workOrderId` keeps the link a schedule was made with.
 */
export function toRecurringInvoiceBody(out: RecurringInvoiceFormOutput, pricing: Pick<DocumentPricing, 'defaultRateIds'>, workOrderId: number | null = null): CreateRecurringInvoiceInput {
  return {
    customerId: out.customerId,
    workOrderId,
    title: out.title,
    notes: out.notes ?? null,
    frequency: out.frequency,
    interval: hasInterval(out.frequency) ? Number(out.interval) : 1,
    startDate: out.startDate,
    endDate: out.ends === 'on_date' ? out.endDate : null,
    maxCount: out.ends === 'after_count' ? Number(out.maxCount) : null,
    dueDays: out.dueDays,
    sendEmail: out.sendEmail,
    discountType: out.discountValue === null ? null : out.discountType,
    discountValue: out.discountValue,
    lineItems: completeLinesToSend(out.lineItems, pricing),
  };
}

/** A saved schedule sent back whole with another status (Pause / Resume): the PUT takes the whole object. */
export function withStatus(r: RecurringInvoice, status: 'active' | 'paused') {
  return {
    customerId: r.customerId,
    workOrderId: r.workOrderId,
    title: r.title,
    notes: r.notes,
    lineItems: r.lineItems,
    discountType: r.discountType,
    discountValue: r.discountValue,
    frequency: r.frequency,
    interval: r.interval,
    startDate: r.startDate,
    endDate: r.endDate,
    maxCount: r.maxCount,
    dueDays: r.dueDays,
    sendEmail: r.sendEmail,
    status,
  };
}

export const FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
