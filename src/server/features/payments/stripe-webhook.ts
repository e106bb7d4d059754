// Stripe tells us an intent succeeded or failed (docs/payments.md, "Webhooks"). Each Stripe processor has its own
// URL, POST /api/webhooks/stripe/{processorId}, so exactly one signing secret is checked (5-minute tolerance): with
// every organization's secret tried in turn, 300 processors made one forged 900 KB call cost a second of CPU.
// The old URL, POST /api/webhooks/stripe, still takes events for intents we created: their metadata names the
// processor (or, for intents created before it did, the organization, whose active Stripe processor is meant),
// and only that processor's secret is checked. An event id already handled is ignored, and the event is marked
// handled in the same transaction that books the payment.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentAttempts, processedWebhookEvents } from '../../db/schema/index';
import { invalid, notFound } from '../../platform/errors';
import { stripeWebhookSecret, type WebhookSecretLookup } from '../payment-processors/stripe-webhook-secret';
import { settle, type OnBookingConfirmed } from './confirm-payment';
import { recordStripeRefund, STRIPE_REFUND_EVENTS } from '../refunds/stripe-refund-event';

export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Stripe's payment intent events are a few KB; anything near this is not one of them (413 beyond). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const WEBHOOK_MESSAGES = {
  invalidJson: 'Invalid JSON body',
  missingSignature: 'Missing Stripe-Signature header',
  badSignature: 'Invalid or expired Stripe signature',
  processorNotFound: 'Payment processor not found',
  noSecret: 'This payment processor has no webhook signing secret saved',
  unaddressed: "Stripe events go to the processor's own URL, /api/webhooks/stripe/{processorId}, shown on the Payment Processors screen",
} as const;

// Verifying needs no API key.
const verifier = new Stripe('sk_webhook_verification_only');

export type WebhookTarget = { processorId: number } | 'legacy';

interface Verified {
  event: Stripe.Event;
  organizationId: number;
}

/** The processor an event sent to the legacy URL belongs to, from the metadata we gave its intent. */
function legacyAddress(body: unknown): { processorId: number } | { activeProcessorOf: number } | null {
  const metadata = (body as { data?: { object?: { metadata?: Record<string, unknown> } } } | null)?.data?.object?.metadata;
  const id = (v: unknown) => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null);
  const processorId = id(metadata?.processorId);
  if (processorId) return { processorId };
  const organizationId = id(metadata?.organizationId);
  return organizationId ? { activeProcessorOf: organizationId } : null;
}

async function verify(db: Db, config: Config, payload: Buffer, signature: string | undefined, target: WebhookTarget): Promise<Verified> {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    throw invalid(WEBHOOK_MESSAGES.invalidJson);
  }
  if (!signature) throw invalid(WEBHOOK_MESSAGES.missingSignature);
  let lookup: WebhookSecretLookup;
  if (target === 'legacy') {
    const address = legacyAddress(body);
    if (!address) throw invalid(WEBHOOK_MESSAGES.unaddressed);
    lookup = await stripeWebhookSecret(db, config, address);
    if (!lookup.found) throw invalid(WEBHOOK_MESSAGES.badSignature);
  } else {
    lookup = await stripeWebhookSecret(db, config, target);
    if (!lookup.found) throw notFound(WEBHOOK_MESSAGES.processorNotFound);
  }
  if (!lookup.secret) throw invalid(WEBHOOK_MESSAGES.noSecret);
  try {
    return { event: verifier.webhooks.constructEvent(payload, signature, lookup.secret, WEBHOOK_TOLERANCE_SECONDS), organizationId: lookup.organizationId };
  } catch {
    throw invalid(WEBHOOK_MESSAGES.badSignature);
  }
}

export async function handleStripeWebhook(
  db: Db,
  config: Config,
  target: WebhookTarget,
  payload: Buffer,
  signature: string | undefined,
  onBookingConfirmed?: OnBookingConfirmed,
): Promise<{ received: true; duplicate: boolean }> {
  const { event, organizationId } = await verify(db, config, payload, signature, target);
  // A booking's deposit settled here confirms its booking like the browser's confirmation does; whichever of the two
  // books the payment first reports it, so its e-mail goes out once (docs/rules/scheduling.md#holding-a-booking).
  let booked: number | null = null;
  const result = await db.transaction(async (tx) => {
    const [fresh] = await tx.insert(processedWebhookEvents).values({ eventId: event.id, processor: 'stripe' }).onConflictDoNothing().returning();
    if (!fresh) return { received: true as const, duplicate: true };
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const intent = event.data.object as Stripe.PaymentIntent;
      const [attempt] = await tx
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.intentId, intent.id), eq(paymentAttempts.organizationId, organizationId)))
        .for('update');
      if (attempt && event.type === 'payment_intent.succeeded') {
        const done = await settle(tx, attempt, 'stripe');
        if (done.booking?.confirmed) booked = done.booking.appointmentId;
      }
      if (attempt && event.type === 'payment_intent.payment_failed' && attempt.status !== 'succeeded') {
        await tx
          .update(paymentAttempts)
          .set({ status: 'failed', failureMessage: intent.last_payment_error?.message ?? 'Payment failed' })
          .where(eq(paymentAttempts.id, attempt.id));
      }
    }
    if (STRIPE_REFUND_EVENTS.has(event.type)) await recordStripeRefund(tx, organizationId, event.data.object as Stripe.Refund);
    return { received: true as const, duplicate: false };
  });
  if (booked !== null) onBookingConfirmed?.(booked);
  return result;
}
