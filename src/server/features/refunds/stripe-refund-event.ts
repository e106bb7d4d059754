// A refund Stripe reports by webhook (refund.created, refund.updated, charge.refund.updated), recorded once
// (docs/rules/money-and-payments.md#refunds): one we asked for completes its pending row; one made in Stripe's
// dashboard becomes a refund row of its own; a refund reported again, or by two events, changes nothing.
import type Stripe from 'stripe';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatMoney, fromCents } from '../../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema/index';
import { completeRefund, giveBack, reopenIfUncovered } from './refund-payment';
import { emitWebhookEvent } from '../webhooks/emit-event';

export const STRIPE_REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'charge.refund.updated']);

const intentIdOf = (r: Stripe.Refund) => (typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? null));

export async function recordStripeRefund(tx: DbOrTx, organizationId: number, r: Stripe.Refund): Promise<void> {
  const gone = r.status === 'failed' || r.status === 'canceled';
  const [known] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.stripePaymentIntentId, r.id)))
    .for('update');
  if (known) {
    // The money came back to us after all: the refund no longer counts, and the payment can be refunded again.
    if (gone && known.status === 'completed' && known.refundOfPaymentId !== null) {
      await tx.update(payments).set({ status: 'failed', failureReason: r.failure_reason ?? r.status }).where(eq(payments.id, known.id));
      await giveBack(tx, known);
    }
    return;
  }
  if (gone) return;
  const ours = Number(r.metadata?.refundPaymentId);
  if (Number.isInteger(ours) && ours > 0) {
    const [pending] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.organizationId, organizationId), eq(payments.id, ours), eq(payments.status, 'pending')));
    if (pending) {
      await completeRefund(tx, organizationId, pending.id, r.id);
      return;
    }
  }
  const intentId = intentIdOf(r);
  if (!intentId) return;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.stripePaymentIntentId, intentId), isNull(payments.refundOfPaymentId)))
    .for('update');
  if (!payment) return;
  const [inserted] = await tx
    .insert(payments)
    .values({
      organizationId,
      invoiceId: payment.invoiceId,
      customerId: payment.customerId,
      invoiceNumber: payment.invoiceNumber,
      customerName: payment.customerName,
      amount: fromCents(-r.amount),
      method: 'refund',
      notes: r.reason ? `Refunded in Stripe (${r.reason.replace(/_/g, ' ')})` : 'Refunded in Stripe',
      description: `Refund of ${formatMoney(payment.amount)} card payment${payment.invoiceNumber ? ` for ${payment.invoiceNumber}` : ''}`,
      processor: 'stripe',
      status: 'completed',
      stripePaymentIntentId: r.id,
      refundOfPaymentId: payment.id,
      estimateId: payment.estimateId,
      appointmentId: payment.appointmentId,
    })
    .onConflictDoNothing({ target: [payments.organizationId, payments.stripePaymentIntentId] })
    .returning();
  if (!inserted) return;
  await tx
    .update(payments)
    .set({ amountRefunded: sql`least(${payments.amount}, ${payments.amountRefunded} + ${fromCents(r.amount)}::numeric)` })
    .where(eq(payments.id, payment.id));
  if (payment.invoiceId) await reopenIfUncovered(tx, organizationId, payment.invoiceId);
  await emitWebhookEvent(tx, organizationId, 'payment.refunded', payment.id, { refundId: inserted.id });
}
