// Creating, reading and cancelling an invoice's payment plan (docs/rules/money-and-payments.md#installments), under
// the invoice's row lock so two plans never start at once.
import { and, eq } from 'drizzle-orm';
import { fromCents, toCents } from '../../../contracts/money';
import { outOfOrderDueDates, type CreatePaymentPlan, type PaymentPlan } from '../../../contracts/payment-plans';
import type { Db } from '../../db/client';
import { invoices, paymentInstallments, paymentPlans } from '../../db/schema/index';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { balanceDueSql } from '../documents/balance-due';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { lockInvoiceInScope } from '../documents/lock-invoice';
import { lockInvoiceBalance } from '../payments/settle-payment';
import { activePlans, planView } from './plan-state';

const OPEN = ['sent', 'overdue'];

export async function createPaymentPlan(db: Db, ctx: RequestContext, invoiceId: number, input: CreatePaymentPlan): Promise<PaymentPlan> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoiceInScope(tx, ctx, invoiceId);
    if (!OPEN.includes(invoice.status)) throw conflict('Only a sent invoice with a balance due can be paid in installments.');
    const balance = await lockInvoiceBalance(tx, invoice.organizationId, invoice.id);
    if (balance.balanceCents === 0) throw conflict('Only a sent invoice with a balance due can be paid in installments.');
    if ((await activePlans(tx, invoice.organizationId, [invoice.id])).has(invoice.id)) {
      throw conflict('This invoice already has a payment plan. Cancel it to make another.');
    }
    const disorder = outOfOrderDueDates(input.installments);
    if (disorder.length > 0) throw invalid(`${disorder[0].path}: ${disorder[0].message}`, disorder);
    const sum = input.installments.reduce((acc, i) => acc + toCents(i.amount), 0);
    if (sum !== balance.balanceCents) {
      const message = `The installments add up to ${fromCents(sum)}; they must add up to the balance due, ${fromCents(balance.balanceCents)}`;
      throw invalid(`installments: ${message}`, [{ path: 'installments', message }]);
    }
    const [plan] = await tx
      .insert(paymentPlans)
      .values({
        organizationId: invoice.organizationId,
        invoiceId: invoice.id,
        totalAmount: fromCents(balance.balanceCents),
        installments: input.installments.length,
        frequency: input.frequency,
        status: 'active',
      })
      .returning();
    const rows = input.installments.map((i, n) => ({
      organizationId: invoice.organizationId,
      paymentPlanId: plan.id,
      installmentNumber: n + 1,
      amount: fromCents(toCents(i.amount)),
      dueDate: new Date(`${i.dueDate}T00:00:00Z`),
    }));
    await tx.insert(paymentInstallments).values(rows);
    return planView(plan, rows, balance.balanceCents);
  });
}

/** The invoice's active plan, or null without one; another organization's invoice is a 404. */
export async function getPaymentPlan(db: Db, ctx: RequestContext, invoiceId: number): Promise<PaymentPlan | null> {
  const [invoice] = await db
    .select({ id: invoices.id, organizationId: invoices.organizationId, status: invoices.status, balance: balanceDueSql })
    .from(invoices)
    .where(tenantWhere(tenantScope(ctx), invoices, eq(invoices.id, invoiceId)))
    .limit(1);
  if (!invoice) throw notFound('Invoice not found');
  // A voided or credited invoice asks for nothing more: its plan has nothing left to schedule.
  if (invoice.status === 'void' || invoice.status === 'credited') return null;
  const found = (await activePlans(db, invoice.organizationId, [invoice.id])).get(invoice.id);
  return found ? planView(found.plan, found.rows, toCents(invoice.balance)) : null;
}

export async function cancelPaymentPlan(db: Db, ctx: RequestContext, invoiceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoiceInScope(tx, ctx, invoiceId);
    const found = (await activePlans(tx, invoice.organizationId, [invoice.id])).get(invoice.id);
    if (!found) throw notFound('This invoice has no payment plan');
    await tx
      .update(paymentPlans)
      .set({ status: 'cancelled' })
      .where(and(eq(paymentPlans.organizationId, invoice.organizationId), eq(paymentPlans.id, found.plan.id)));
  });
}
