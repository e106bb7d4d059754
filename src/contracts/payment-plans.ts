// Invoices paid in installments (docs/rules/money-and-payments.md#installments): the schedule, its split to the cent,
// and which installment is due, derived from what the invoice has been paid since the plan began.
import { z } from 'zod';
import { DATE_FORMAT_MESSAGE, isCalendarDate, parseInstant } from './dates';
import { decimalInput } from './line-items';
import { fromCents, toCents } from './money';

export const PLAN_FREQUENCIES = ['weekly', 'every_2_weeks', 'monthly'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

export const MIN_INSTALLMENTS = 2;
export const MAX_INSTALLMENTS = 36;

/** The n-th due date (0-based) after `first` ('YYYY-MM-DD'); monthly keeps the day, or the month's last day. */
export function installmentDueDate(first: string, frequency: PlanFrequency, n: number): string {
  const [y, m, d] = first.split('-').map(Number);
  if (frequency !== 'monthly') {
    const date = new Date(Date.UTC(y, m - 1, d + n * (frequency === 'weekly' ? 7 : 14)));
    return date.toISOString().slice(0, 10);
  }
  const lastDay = new Date(Date.UTC(y, m + n, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + n, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * `count` installments of `totalCents` that add up to the cent: equal shares, the cents left over going one each to
 * the first installments (so no installment differs from another by more than a cent).
 */
export function splitInstallments(totalCents: number, count: number, first: string, frequency: PlanFrequency): { amount: string; dueDate: string }[] {
  const base = Math.floor(totalCents / count);
  const extra = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => ({ amount: fromCents(base + (i < extra ? 1 : 0)), dueDate: installmentDueDate(first, frequency, i) }));
}

export type InstallmentStatus = 'paid' | 'partly_paid' | 'due' | 'overdue' | 'upcoming';

export interface InstallmentState {
  number: number;
  amount: string;
  dueDate: string;
  /** What of this installment has been paid. */
  paid: string;
  status: InstallmentStatus;
}

/**
 * Each installment's state from what was paid towards the plan (the plan total less the invoice's balance due):
 * payments fill the installments in order, whatever they were started for, so a payment is never counted twice and
 * paying ahead simply covers the next ones. `today` is 'YYYY-MM-DD'.
 */
export function installmentStates(installments: readonly { amount: string; dueDate: string }[], paidTowardCents: number, today: string): InstallmentState[] {
  let left = Math.max(0, paidTowardCents);
  return installments.map((inst, i) => {
    const cents = toCents(inst.amount);
    const paid = Math.min(cents, left);
    left -= paid;
    const status: InstallmentStatus =
      paid === cents ? 'paid' : inst.dueDate < today ? 'overdue' : paid > 0 ? 'partly_paid' : inst.dueDate === today ? 'due' : 'upcoming';
    return { number: i + 1, amount: inst.amount, dueDate: inst.dueDate, paid: fromCents(paid), status };
  });
}

/** The first installment not paid in full, with what is left of it; null once all are paid. */
export function nextInstallment(states: readonly InstallmentState[]): { number: number; count: number; amountDue: string; dueDate: string } | null {
  const next = states.find((s) => s.status !== 'paid');
  if (!next) return null;
  return { number: next.number, count: states.length, amountDue: fromCents(toCents(next.amount) - toCents(next.paid)), dueDate: next.dueDate };
}

/** A due date as a day: 'YYYY-MM-DD' (or an instant, whose UTC day it is). */
const dueDayInput = z
  .string({ error: DATE_FORMAT_MESSAGE })
  .trim()
  .max(40)
  .transform((v, ctx): string => {
    const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? (isCalendarDate(v) ? new Date(`${v}T00:00:00Z`) : null) : parseInstant(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: DATE_FORMAT_MESSAGE, input: v });
      return z.NEVER;
    }
    return d.toISOString().slice(0, 10);
  });

const installmentInput = z.object({
  amount: decimalInput(0.01, 'Each installment must be more than 0').refine((v) => v !== null, 'Enter the amount'),
  dueDate: dueDayInput,
});

/**
 * Each due date after the one before: checked by the service once the invoice is found (so another organization's
 * invoice is a 404 whatever the body), with the issue on the date (docs/rules/money-and-payments.md#installments).
 */
export function outOfOrderDueDates(installments: readonly { dueDate: string }[]): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (let i = 1; i < installments.length; i++) {
    if (installments[i].dueDate <= installments[i - 1].dueDate) issues.push({ path: `installments.${i}.dueDate`, message: 'Each due date must come after the one before' });
  }
  return issues;
}

/** POST /api/invoices/:id/payment-plan: the installments, which must add up to the balance due to the cent. */
export const createPaymentPlanSchema = z.object({
  frequency: z.enum(PLAN_FREQUENCIES, { error: `Frequency must be one of ${PLAN_FREQUENCIES.join(', ')}` }).default('monthly'),
  installments: z
    .array(installmentInput, { error: 'Installments must be a list' })
    .min(MIN_INSTALLMENTS, `At least ${MIN_INSTALLMENTS} installments`)
    .max(MAX_INSTALLMENTS, `At most ${MAX_INSTALLMENTS} installments`),
});
export type CreatePaymentPlanInput = z.input<typeof createPaymentPlanSchema>;
export type CreatePaymentPlan = z.output<typeof createPaymentPlanSchema>;

export const paymentPlanSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  /** The balance due when the plan began. */
  totalAmount: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  status: z.enum(['active', 'completed', 'cancelled']),
  installments: z.array(
    z.object({
      number: z.number().int(),
      amount: z.string(),
      dueDate: z.string(),
      paid: z.string(),
      status: z.enum(['paid', 'partly_paid', 'due', 'overdue', 'upcoming']),
    }),
  ),
  next: z.object({ number: z.number().int(), count: z.number().int(), amountDue: z.string(), dueDate: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;
