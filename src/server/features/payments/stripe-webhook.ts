// POST /api/webhooks/stripe: Stripe tells us an intent succeeded or failed. The signature is checked against
// every organization's Stripe webhook secret (5-minute tolerance); an event id already handled is ignored, and
// the event is marked handled in the same transaction that books the payment.
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { paymentAttempts, paymentProcessors, processedWebhookEvents } from '../../db/schema/index';
import { invalid } from '../../platform/errors';
import { settle } from './confirm-payment';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

// Verifying needs no API key; one instance serves every organization's secret.
const verifier = new Stripe('sk_webhook_verification_only');

interface Verified {
  event: Stripe.Event;
  organizationId: number;
}

async function verify(db: Db, payload: Buffer, signature: string | undefined): Promise<Verified> {
  try {
    JSON.parse(payload.toString('utf8'));
  } catch {
    throw invalid('Invalid JSON body');
  }
  if (!signature) throw invalid('Missing Stripe-Signature header');
  const secrets = await db
    .select({ organizationId: paymentProcessors.organizationId, secret: sql<string>`${paymentProcessors.configuration}->>'webhookSecret'` })
    .from(paymentProcessors)
    .where(and(eq(paymentProcessors.processorType, 'stripe'), sql`coalesce(${paymentProcessors.configuration}->>'webhookSecret', '') <> ''`));
  for (const { organizationId, secret } of secrets) {
    try {
      return { event: verifier.webhooks.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS), organizationId };
    } catch {
      // not this organization's secret, or too old
    }
  }
  throw invalid('Invalid or expired Stripe signature');
}

export async function handleStripeWebhook(db: Db, payload: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const { event, organizationId } = await verify(db, payload, signature);
  return db.transaction(async (tx) => {
    const [fresh] = await tx.insert(processedWebhookEvents).values({ eventId: event.id, processor: 'stripe' }).onConflictDoNothing().returning();
    if (!fresh) return { received: true as const, duplicate: true };
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const intent = event.data.object as Stripe.PaymentIntent;
      const [attempt] = await tx
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.intentId, intent.id), eq(paymentAttempts.organizationId, organizationId)))
        .for('update');
      if (attempt && event.type === 'payment_intent.succeeded') await settle(tx, attempt, 'stripe');
      if (attempt && event.type === 'payment_intent.payment_failed' && attempt.status !== 'succeeded') {
        await tx
          .update(paymentAttempts)
          .set({ status: 'failed', failureMessage: intent.last_payment_error?.message ?? 'Payment failed' })
          .where(eq(paymentAttempts.id, attempt.id));
      }
    }
    return { received: true as const, duplicate: false };
  });
}
