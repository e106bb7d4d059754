// Refunding a payment, in full or in part, through the processor that took it (docs/rules/money-and-payments.md#refunds).
// Exactly once: the request's idempotency key returns the first refund to a second click; the payment row's lock
// keeps refunds at once from passing what is left; the processor is asked with a key of the refund's own, so a retried
// call never refunds twice; the webhook reporting the same refund finds it by the processor's refund id.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import { refundableCents, REFUND_MESSAGES, type Payment } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { invoices, payments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { fieldError } from '../documents/document-rules';
import { chooseProcessor } from '../payments/choose-processor';
import { stripeClient } from '../payments/gateways/stripe-client';
import { callStripe } from '../payments/gateways/stripe-failure';
import { toPaymentResponse } from '../payments/payment-response';
import { emitWebhookEvent } from '../webhooks/emit-event';

type PaymentRow = typeof payments.$inferSelect;

export interface RefundRequest {
  amountCents: number;
  reason: string;
  idempotencyKey: string;
}

/** The refund and whether this call made it (false: the key's first refund, returned again). */
export async function refundPayment(db: Db, config: Config, ctx: RequestContext, paymentId: number, req: RefundRequest): Promise<{ refund: Payment; created: boolean }> {
  type Claim = { kind: 'replay'; refund: PaymentRow } | { kind: 'new'; refund: PaymentRow; payment: PaymentRow };
  const claimed = await db.transaction(async (tx): Promise<Claim> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(tenantWhere(tenantScope(ctx), payments, eq(payments.id, paymentId)))
      .limit(1)
      .for('update');
    if (!payment) throw notFound('Payment not found');
    const [earlier] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.organizationId, payment.organizationId), eq(payments.idempotencyKey, req.idempotencyKey)));
    if (earlier) return { kind: 'replay', refund: earlier };
    if (payment.status !== 'completed' || payment.refundOfPaymentId !== null || toCents(payment.amount) <= 0) throw conflict(REFUND_MESSAGES.notRefundable);
    const leftCents = refundableCents(payment);
    if (leftCents === 0) throw conflict(REFUND_MESSAGES.nothingLeft);
    if (req.amountCents > leftCents) throw fieldError('amount', REFUND_MESSAGES.overRefund(formatMoney(fromCents(leftCents))));

    // Held against the payment from now on: a second refund sees it, and a failure gives it back.
    await tx
      .update(payments)
      .set({ amountRefunded: sql`${payments.amountRefunded} + ${fromCents(req.amountCents)}::numeric` })
      .where(and(eq(payments.organizationId, payment.organizationId), eq(payments.id, payment.id)));
    const [refund] = await tx
      .insert(payments)
      .values({
        organizationId: payment.organizationId,
        invoiceId: payment.invoiceId,
        customerId: payment.customerId,
        invoiceNumber: payment.invoiceNumber,
        customerName: payment.customerName,
        amount: fromCents(-req.amountCents),
        method: 'refund',
        notes: req.reason,
        description: `Refund of ${formatMoney(payment.amount)} ${payment.method ?? 'payment'}${payment.invoiceNumber ? ` for ${payment.invoiceNumber}` : ''}`,
        processor: payment.processor ?? 'manual',
        status: 'pending',
        refundOfPaymentId: payment.id,
        idempotencyKey: req.idempotencyKey,
        // A deposit's refund is the quote's too (docs/rules/quote-approval.md#deposits), or the booking's
        // (docs/rules/scheduling.md#holding-a-booking).
        estimateId: payment.estimateId,
        appointmentId: payment.appointmentId,
      })
      .returning();
    return { kind: 'new', refund: refund!, payment };
  });
  if (claimed.kind === 'replay') return { refund: toPaymentResponse(claimed.refund), created: false };

  const { refund, payment } = claimed;
  let processorRefundId: string;
  try {
    processorRefundId = await refundAtProcessor(db, config, payment, refund, req.amountCents);
  } catch (err) {
    await failRefund(db, refund, err instanceof Error ? err.message : String(err));
    throw err;
  }
  const done = await db.transaction(async (tx) => {
    const completed = await completeRefund(tx, refund.organizationId, refund.id, processorRefundId);
    await writeAudit(tx, ctx, {
      action: 'payment.refunded',
      entityType: 'payment',
      entityId: payment.id,
      organizationId: payment.organizationId,
      details: { refundId: refund.id, amount: fromCents(req.amountCents), reason: req.reason, processor: refund.processor },
    });
    return completed;
  });
  return { refund: toPaymentResponse(done), created: true };
}

/**
 * The processor's refund id: Stripe's `re_...` through the SDK (its own idempotency key per refund row), the test
 * gateway's `tgre_...`; a payment recorded by hand is paid back by hand, so its refund is the record itself.
 */
async function refundAtProcessor(db: Db, config: Config, payment: PaymentRow, refund: PaymentRow, amountCents: number): Promise<string> {
  if (payment.processor === 'stripe') {
    const processor = await chooseProcessor(db, config, payment.organizationId);
    if (processor.kind !== 'stripe' || !payment.stripePaymentIntentId) throw conflict(REFUND_MESSAGES.processorGone);
    const stripe = stripeClient(processor.secretKey, config.STRIPE_API_BASE);
    const made = await callStripe('refund payment', () =>
      stripe.refunds.create(
        { payment_intent: payment.stripePaymentIntentId!, amount: amountCents, metadata: { organizationId: String(payment.organizationId), processorId: String(processor.processorId), refundPaymentId: String(refund.id) } },
        { idempotencyKey: `refund-${payment.organizationId}-${refund.id}` },
      ),
    );
    return made.id;
  }
  if (payment.processor === 'test') return `tgre_${randomBytes(12).toString('hex')}`;
  return `manual_refund_${refund.id}`;
}

async function failRefund(db: Db, refund: PaymentRow, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(payments)
      .set({ status: 'failed', failureReason: reason.slice(0, 1000) })
      .where(and(eq(payments.organizationId, refund.organizationId), eq(payments.id, refund.id), eq(payments.status, 'pending')))
      .returning();
    if (failed) await giveBack(tx, refund);
  });
}

/** A refund that did not happen no longer holds its amount against the payment. */
export async function giveBack(tx: DbOrTx, refund: PaymentRow): Promise<void> {
  await tx
    .update(payments)
    .set({ amountRefunded: sql`${payments.amountRefunded} - ${fromCents(-toCents(refund.amount))}::numeric` })
    .where(and(eq(payments.organizationId, refund.organizationId), eq(payments.id, refund.refundOfPaymentId!)));
}

/**
 * Turns a pending refund completed with the processor's id, once: whoever comes second (the request after the
 * processor answered, or the webhook reporting it) finds it completed and changes nothing. Completing it takes the
 * money off the invoice's amount_paid (the payments triggers), so a paid invoice it no longer covers opens again.
 */
export async function completeRefund(tx: DbOrTx, organizationId: number, refundId: number, processorRefundId: string): Promise<PaymentRow> {
  const [completed] = await tx
    .update(payments)
    .set({ status: 'completed', stripePaymentIntentId: processorRefundId, receivedDate: new Date() })
    .where(and(eq(payments.organizationId, organizationId), eq(payments.id, refundId), eq(payments.status, 'pending')))
    .returning();
  if (completed?.invoiceId) await reopenIfUncovered(tx, organizationId, completed.invoiceId);
  if (completed) {
    // Once, by whoever completes it (docs/rules/public-api.md#webhook-events).
    await emitWebhookEvent(tx, organizationId, 'payment.refunded', completed.refundOfPaymentId!, { refundId: completed.id });
    return completed;
  }
  const [row] = await tx.select().from(payments).where(and(eq(payments.organizationId, organizationId), eq(payments.id, refundId)));
  return row!;
}

/** After money went back: a paid or credited invoice its payments and credits no longer cover is owed again. */
export async function reopenIfUncovered(tx: DbOrTx, organizationId: number, invoiceId: number): Promise<void> {
  await tx
    .update(invoices)
    .set({ status: 'sent', paidDate: null })
    .where(
      and(
        eq(invoices.organizationId, organizationId),
        eq(invoices.id, invoiceId),
        sql`${invoices.status} in ('paid', 'credited')`,
        sql`${invoices.amountPaid} + ${invoices.amountCredited} < ${invoices.total}`,
      ),
    );
}

