// A payment plan as it stands: its installments' states derived from the invoice's balance due
// (docs/rules/money-and-payments.md#installments). Read by the staff's route, the portal and the invoice's pay link.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { installmentStates, nextInstallment, type PaymentPlan } from '../../../contracts/payment-plans';
import { toCents } from '../../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { paymentInstallments, paymentPlans } from '../../db/schema/index';

type PlanRow = typeof paymentPlans.$inferSelect;

/** An active plan with its installments in order. */
export interface PlanWithRows {
  plan: PlanRow;
  rows: { amount: string; dueDate: Date }[];
}

const today = (now: Date) => now.toISOString().slice(0, 10);

export function planView(plan: PlanRow, rows: { amount: string; dueDate: Date }[], balanceCents: number, now = new Date()): PaymentPlan {
  const states = installmentStates(
    rows.map((r) => ({ amount: r.amount, dueDate: r.dueDate.toISOString().slice(0, 10) })),
    toCents(plan.totalAmount) - balanceCents,
    today(now),
  );
  const next = plan.status === 'active' ? nextInstallment(states) : null;
  return {
    id: plan.id,
    invoiceId: plan.invoiceId,
    totalAmount: plan.totalAmount,
    frequency: plan.frequency,
    // Paid in full is completed whatever the row says: a payment never has to update the plan.
    status: plan.status === 'cancelled' ? 'cancelled' : next === null ? 'completed' : 'active',
    installments: states,
    next,
    createdAt: plan.createdAt.toISOString(),
  };
}

/** The invoices' active plans (one each at most), newest first per invoice, with their installments in order. */
export async function activePlans(db: DbOrTx, organizationId: number, invoiceIds: number[]): Promise<Map<number, PlanWithRows>> {
  const found = new Map<number, PlanWithRows>();
  if (invoiceIds.length === 0) return found;
  const plans = await db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.organizationId, organizationId), inArray(paymentPlans.invoiceId, invoiceIds), eq(paymentPlans.status, 'active')))
    .orderBy(desc(paymentPlans.id));
  if (plans.length === 0) return found;
  const rows = await db
    .select({ planId: paymentInstallments.paymentPlanId, amount: paymentInstallments.amount, dueDate: paymentInstallments.dueDate })
    .from(paymentInstallments)
    .where(and(eq(paymentInstallments.organizationId, organizationId), inArray(paymentInstallments.paymentPlanId, plans.map((p) => p.id))))
    .orderBy(asc(paymentInstallments.installmentNumber));
  for (const plan of plans) {
    if (found.has(plan.invoiceId)) continue;
    found.set(plan.invoiceId, { plan, rows: rows.filter((r) => r.planId === plan.id) });
  }
  return found;
}

/** What the invoice asks for now: the next installment's amount under an active plan, else the whole balance due. */
export async function amountAskedCents(db: DbOrTx, organizationId: number, invoiceId: number, balanceCents: number): Promise<number> {
  const found = (await activePlans(db, organizationId, [invoiceId])).get(invoiceId);
  if (!found) return balanceCents;
  const next = planView(found.plan, found.rows, balanceCents).next;
  return next ? Math.min(balanceCents, toCents(next.amountDue)) : balanceCents;
}
