// Completes a payment the browser has confirmed. The client secret is the proof: it was handed only to
// whoever started the attempt. The test gateway charges here; for Stripe the intent's state is read back
// from Stripe, never taken from the browser's word.
import { eq } from 'drizzle-orm';
import { toCents } from '../../../contracts/money';
import type { ConfirmPaymentResponse } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import { conflict, invalid, notFound, paymentFailed } from '../../platform/errors';
import { hashToken, safeEqualHex } from '../../platform/tokens';
import { chooseProcessor } from './choose-processor';
import { stripeClient, stripeFailureMessage } from './gateways/stripe-client';
import { callStripe } from './gateways/stripe-failure';
import { chargeTestBank, chargeTestCard } from './gateways/test-gateway';
import { toPaymentResponse } from './payment-response';
import { lockDepositDueCents } from '../estimates/estimate-view';
import { assertPayable, lockInvoiceBalance, settlePayment } from './settle-payment';
import { confirmHeldBooking, lockWaitingHold, type HeldBookingOutcome } from '../scheduling/booking-holds';

export interface ConfirmInput {
  clientSecret: string;
  card?: { number: string; expMonth: number; expYear: number; cvc: string };
  bank?: { routingNumber: string; accountNumber: string };
}

type Attempt = typeof paymentAttempts.$inferSelect;

export async function findAttemptBySecret(db: Db, clientSecret: string): Promise<Attempt> {
  const intentId = clientSecret.split('_secret_')[0];
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, intentId));
  if (!attempt || !attempt.clientSecretHash || !safeEqualHex(attempt.clientSecretHash, hashToken(clientSecret))) {
    throw notFound('Payment not found');
  }
  return attempt;
}

/**
 * Told, once the payment's transaction has committed, of the online booking whose deposit this payment confirmed
 * (docs/rules/scheduling.md#holding-a-booking): its confirmation e-mail goes out then, once.
 */
export type OnBookingConfirmed = (appointmentId: number) => void;

export async function confirmPayment(db: Db, config: Config, input: ConfirmInput, onBookingConfirmed?: OnBookingConfirmed): Promise<ConfirmPaymentResponse> {
  const attempt = await findAttemptBySecret(db, input.clientSecret);
  if (attempt.processor === 'stripe') return confirmStripe(db, config, attempt, onBookingConfirmed);

  let booking: HeldBookingOutcome | null = null;
  return db.transaction(async (tx) => {
    // Lock the attempt: two confirmations of one attempt charge once.
    const [locked] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt.id)).for('update');
    if (locked.paymentId || locked.status === 'succeeded') {
      const done = await settle(tx, locked, 'test');
      return { status: 'succeeded' as const, payment: toPaymentResponse(done.payment), invoiceStatus: done.invoiceStatus };
    }
    // The test gateway charges only what the invoice can still take (Stripe has charged before we hear of it).
    if (locked.invoiceId) assertPayable(await lockInvoiceBalance(tx, locked.organizationId, locked.invoiceId), toCents(locked.amount));
    // A quote's deposit started twice (two tabs) is taken once: the second finds nothing left to pay.
    if (locked.estimateId && !locked.invoiceId && toCents(locked.amount) > (await lockDepositDueCents(tx, locked.organizationId, locked.estimateId))) {
      throw conflict('The deposit has been paid. Thank you!');
    }
    // A booking's deposit is taken only while the booking still waits for it (docs/rules/scheduling.md#holding-a-booking):
    // its row stays locked to the end, so a second confirmation or the job letting it go waits, then finds it settled.
    if (locked.appointmentId && !locked.invoiceId) await lockWaitingHold(tx, locked.organizationId, locked.appointmentId);
    const outcome =
      locked.paymentType === 'bank'
        ? input.bank
          ? chargeTestBank(input.bank)
          : null
        : input.card
          ? chargeTestCard(input.card)
          : null;
    if (!outcome) throw invalid(locked.paymentType === 'bank' ? 'bank: Bank details are required' : 'card: Card details are required');
    if (!outcome.ok) {
      await tx.update(paymentAttempts).set({ status: 'failed', failureMessage: outcome.message }).where(eq(paymentAttempts.id, locked.id));
      return { failed: outcome.message } as never;
    }
    const done = await settle(tx, locked, 'test');
    booking = done.booking;
    return { status: 'succeeded' as const, payment: toPaymentResponse(done.payment), invoiceStatus: done.invoiceStatus };
  }).then((r: ConfirmPaymentResponse | { failed: string }) => {
    // The failure is committed before it is reported, so the attempt counts in the success rate.
    if ('failed' in r) throw paymentFailed(r.failed);
    if (booking?.confirmed) onBookingConfirmed?.(booking.appointmentId);
    return r;
  });
}

async function confirmStripe(db: Db, config: Config, attempt: Attempt, onBookingConfirmed?: OnBookingConfirmed): Promise<ConfirmPaymentResponse> {
  const processor = await chooseProcessor(db, config, attempt.organizationId);
  if (processor.kind !== 'stripe') throw invalid('This payment was started with a processor that is no longer active');
  const stripe = stripeClient(processor.secretKey, config.STRIPE_API_BASE);
  const intent = await callStripe('read payment intent', () => stripe.paymentIntents.retrieve(attempt.intentId!));
  if (intent.status === 'succeeded') {
    const done = await db.transaction((tx) => settle(tx, attempt, 'stripe'));
    if (done.booking?.confirmed) onBookingConfirmed?.(done.booking.appointmentId);
    return { status: 'succeeded', payment: toPaymentResponse(done.payment), invoiceStatus: done.invoiceStatus };
  }
  if (intent.status === 'processing') return { status: 'processing', payment: null, invoiceStatus: null };
  const message = stripeFailureMessage(intent);
  await db.update(paymentAttempts).set({ status: 'failed', failureMessage: message }).where(eq(paymentAttempts.id, attempt.id));
  throw paymentFailed(message);
}

/**
 * Books a succeeded attempt; the money is already taken, so the balance check does not refuse it. A booking's deposit
 * then confirms its booking in the same transaction (`booking`: only the report that booked the payment does).
 */
export async function settle(tx: Parameters<Parameters<Db['transaction']>[0]>[0], attempt: Attempt, processor: 'test' | 'stripe') {
  const done = await settlePayment(
    tx,
    {
      organizationId: attempt.organizationId,
      invoiceId: attempt.invoiceId,
      customerId: attempt.customerId,
      customerName: attempt.customerName,
      amountCents: toCents(attempt.amount),
      method: attempt.paymentType === 'bank' ? 'bank_transfer' : 'credit_card',
      reference: attempt.reference,
      description: attempt.description,
      intentId: attempt.intentId,
      processor,
      attemptId: attempt.id,
      paymentLinkId: attempt.paymentLinkId,
      estimateId: attempt.estimateId,
      appointmentId: attempt.appointmentId,
    },
    { refuseOverBalance: false },
  );
  const booking =
    attempt.appointmentId && !attempt.invoiceId && done.created
      ? await confirmHeldBooking(tx, { organizationId: attempt.organizationId, appointmentId: attempt.appointmentId, paid: { depositCents: toCents(done.payment.amount) } })
      : null;
  return { ...done, booking };
}
