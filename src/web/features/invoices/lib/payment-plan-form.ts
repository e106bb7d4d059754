// The payment plan form (docs/rules/money-and-payments.md#installments): how many installments, how often and from
// when, which propose an even split of the balance due (splitInstallments); each proposed amount and date stays
// editable, and the plan can be created only once the installments add up to the balance due to the cent.
import { z } from 'zod';
import { isCalendarDate } from '@contracts/dates';
import type { Invoice } from '@contracts/invoices';
import { formatMoney, fromCents, isAmount, toCents, type Cents } from '@contracts/money';
import {
  createPaymentPlanSchema,
  outOfOrderDueDates,
  installmentDueDate,
  MAX_INSTALLMENTS,
  MIN_INSTALLMENTS,
  splitInstallments,
  type CreatePaymentPlanInput,
  type PlanFrequency,
} from '@contracts/payment-plans';
import { toDateInput } from '@/lib/date-time';
import { heldAs, textField } from '@/lib/form-fields';

export const FREQUENCY_LABELS: Record<PlanFrequency, string> = { weekly: 'Weekly', every_2_weeks: 'Every 2 weeks', monthly: 'Monthly' };

export const DEFAULT_INSTALLMENTS = 3;
export const COUNT_MESSAGE = `Choose from ${MIN_INSTALLMENTS} to ${MAX_INSTALLMENTS} installments`;

/** One installment as the form holds it: what its two inputs show. */
export interface InstallmentValues {
  amount: string;
  dueDate: string;
}

/** The number of installments typed, when it is a whole number from 2 to 36; else null. */
export function installmentCount(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n >= MIN_INSTALLMENTS && n <= MAX_INSTALLMENTS ? n : null;
}

/** Today in UTC, 'YYYY-MM-DD' (the calendar the server keeps due dates in). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The first installment's date: the invoice's own due date while it is still ahead, else a week from today. */
export function defaultFirstDueDate(invoice: Pick<Invoice, 'dueDate'>, today: string): string {
  const due = toDateInput(invoice.dueDate);
  return due && due > today ? due : installmentDueDate(today, 'weekly', 1);
}

/**
 * The even split for the three generating fields, or null while one of them is not usable yet (a count being typed,
 * a date half entered): the rows shown then stay as they are.
 */
export function proposedInstallments(balanceCents: Cents, countText: string, frequency: PlanFrequency, firstDueDate: string): InstallmentValues[] | null {
  const count = installmentCount(countText);
  if (count === null || !isCalendarDate(firstDueDate)) return null;
  return splitInstallments(balanceCents, count, firstDueDate, frequency);
}

export function paymentPlanValues(invoice: Pick<Invoice, 'dueDate' | 'balanceDue'>, today: string) {
  const firstDueDate = defaultFirstDueDate(invoice, today);
  const frequency: PlanFrequency = 'monthly';
  const count = String(DEFAULT_INSTALLMENTS);
  return { count, frequency, firstDueDate, installments: proposedInstallments(toCents(invoice.balanceDue), count, frequency, firstDueDate) ?? [] };
}

/** What the installments typed add up to; amounts that are not numbers count nothing, and `complete` says so. */
export function installmentsTotal(rows: readonly Partial<InstallmentValues>[] | undefined): { cents: Cents; complete: boolean } {
  let cents = 0;
  let complete = true;
  for (const row of rows ?? []) {
    const text = row.amount?.trim() ?? '';
    if (!text || !isAmount(text) || toCents(text) <= 0) {
      complete = false;
      continue;
    }
    cents += toCents(text);
  }
  return { cents, complete };
}

/** The running line under the table and whether the plan may be created. */
export function totalsLine(rows: readonly Partial<InstallmentValues>[] | undefined, balanceCents: Cents): { text: string; difference: string | null; matches: boolean } {
  const { cents, complete } = installmentsTotal(rows);
  const gap = cents - balanceCents;
  const difference = gap === 0 ? null : gap < 0 ? `${formatMoney(fromCents(-gap))} short` : `${formatMoney(fromCents(gap))} over`;
  return {
    text: `Total of installments ${formatMoney(fromCents(cents))} of ${formatMoney(fromCents(balanceCents))}`,
    difference,
    matches: complete && gap === 0,
  };
}

/** The server's sentence for installments that do not add up, so the form says what the server would. */
export function sumMessage(cents: Cents, balanceCents: Cents): string {
  return `The installments add up to ${fromCents(cents)}; they must add up to the balance due, ${fromCents(balanceCents)}`;
}

const installment = createPaymentPlanSchema.shape.installments.element;
/** A blank amount would be read as none; the form asks for one with the contract's message. */
const blankAsZero = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? '0' : v);

const formInstallmentsSchema = z
  .array(z.object({ amount: textField(z.preprocess(blankAsZero, installment.shape.amount)), dueDate: textField(installment.shape.dueDate) }))
  .transform((v): unknown => v)
  // The contract's list rules: 2-36 installments.
  .pipe(createPaymentPlanSchema.shape.installments);

/** The form's schema for an invoice whose balance due is `balanceCents`: the contract's rules, and the sum. */
export function paymentPlanFormSchema(balanceCents: Cents) {
  return z
    .object({
      count: z.string().refine((v) => installmentCount(v) !== null, COUNT_MESSAGE),
      frequency: heldAs<PlanFrequency>()(createPaymentPlanSchema.shape.frequency),
      firstDueDate: textField(installment.shape.dueDate),
      installments: formInstallmentsSchema,
    })
    .superRefine((values, ctx) => {
      // The server's order rule, shown before saving (outOfOrderDueDates).
      for (const issue of outOfOrderDueDates(values.installments)) ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.message });
      const cents = values.installments.reduce((sum, i) => sum + toCents(i.amount), 0);
      if (cents !== balanceCents) ctx.addIssue({ code: 'custom', path: ['installments'], message: sumMessage(cents, balanceCents) });
    });
}

export type PaymentPlanFormValues = z.input<ReturnType<typeof paymentPlanFormSchema>>;
export type PaymentPlanFormOutput = z.output<ReturnType<typeof paymentPlanFormSchema>>;

/** The request body: the schedule as the table shows it (count and first date only generated it). */
export function toPaymentPlanPayload(out: PaymentPlanFormOutput): CreatePaymentPlanInput {
  return { frequency: out.frequency, installments: out.installments.map((i) => ({ amount: i.amount, dueDate: i.dueDate })) };
}
