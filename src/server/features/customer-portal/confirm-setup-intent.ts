// Completes saving a card. The client secret is the proof, as for payments: it was handed only to whoever
// started the setup. The test gateway checks the card like a charge; for Stripe the SetupIntent and its
// payment method are read back from Stripe, never taken from the browser's word.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PORTAL_MESSAGES, type SavedPaymentMethod } from '../../../contracts/customer-portal';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { savedPaymentMethods, setupAttempts } from '../../db/schema/index';
import { invalid, notFound, paymentFailed } from '../../platform/errors';
import { hashToken, safeEqualHex } from '../../platform/tokens';
import { chooseProcessor } from '../payments/choose-processor';
import { stripeClient } from '../payments/gateways/stripe-client';
import { callStripe } from '../payments/gateways/stripe-failure';
import { chargeTestCard } from '../payments/gateways/test-gateway';
import { toSavedMethod } from './get-portal';
import { cardLabel } from '../../../contracts/format';
import { confirmHeldBooking, lockWaitingHold, type HeldBookingOutcome } from '../scheduling/booking-holds';

export interface ConfirmSetupInput {
  clientSecret: string;
  card?: { number: string; expMonth: number; expYear: number; cvc: string };
}

type Attempt = typeof setupAttempts.$inferSelect;

interface CardToSave {
  providerMethodId: string;
  brand: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
}

/**
 * `onBookingConfirmed` is told, once the transaction has committed, of an online booking this card confirmed (a card
 * on file holding it, docs/rules/scheduling.md#holding-a-booking): its confirmation e-mail goes out then.
 */
export async function confirmSetupIntent(db: Db, config: Config, input: ConfirmSetupInput, onBookingConfirmed?: (appointmentId: number) => void): Promise<SavedPaymentMethod> {
  const attempt = await findSetupBySecret(db, input.clientSecret);
  if (attempt.savedMethodId) return savedMethod(db, attempt.savedMethodId);
  // A booking's hold that has ended takes no card: refused before the test gateway looks at it (checked again under
  // the booking's lock when saving). Stripe has saved the card already, so its booking is settled as Stripe reports.
  if (attempt.appointmentId && attempt.processor !== 'stripe') await lockWaitingHold(db, attempt.organizationId, attempt.appointmentId);
  const card = attempt.processor === 'stripe' ? await stripeCard(db, config, attempt) : testCard(input);
  if ('failed' in card) {
    // Like Stripe, a refused card leaves the setup open for another card.
    await db.update(setupAttempts).set({ status: 'requires_payment_method' }).where(eq(setupAttempts.id, attempt.id));
    throw paymentFailed(card.failed);
  }
  const { method, booking } = await saveCard(db, attempt, card);
  if (booking?.confirmed) onBookingConfirmed?.(booking.appointmentId);
  return method;
}

async function findSetupBySecret(db: Db, clientSecret: string): Promise<Attempt> {
  const intentId = clientSecret.split('_secret_')[0];
  const [attempt] = await db.select().from(setupAttempts).where(eq(setupAttempts.intentId, intentId));
  if (!attempt || !safeEqualHex(attempt.clientSecretHash, hashToken(clientSecret))) throw notFound(PORTAL_MESSAGES.setupNotFound);
  return attempt;
}

function testCard(input: ConfirmSetupInput): CardToSave | { failed: string } {
  if (!input.card) throw invalid(`card: ${PORTAL_MESSAGES.cardRequired}`, [{ path: 'card', message: PORTAL_MESSAGES.cardRequired }]);
  const outcome = chargeTestCard(input.card);
  if (!outcome.ok) return { failed: outcome.message };
  return {
    providerMethodId: `tgpm_${randomBytes(12).toString('hex')}`,
    brand: outcome.brand,
    last4: outcome.last4,
    expiryMonth: input.card.expMonth,
    expiryYear: input.card.expYear,
  };
}

async function stripeCard(db: Db, config: Config, attempt: Attempt): Promise<CardToSave | { failed: string }> {
  const processor = await chooseProcessor(db, config, attempt.organizationId);
  if (processor.kind !== 'stripe') throw invalid('This card was started with a processor that is no longer active');
  const stripe = stripeClient(processor.secretKey, config.STRIPE_API_BASE);
  const intent = await callStripe('read setup intent', () => stripe.setupIntents.retrieve(attempt.intentId, { expand: ['payment_method'] }));
  if (intent.status !== 'succeeded' || !intent.payment_method) {
    return { failed: intent.last_setup_error?.message ?? 'Your card was not saved.' };
  }
  const methodId = intent.payment_method;
  const method = typeof methodId === 'string' ? await callStripe('read payment method', () => stripe.paymentMethods.retrieve(methodId)) : methodId;
  return {
    providerMethodId: method.id,
    brand: method.card?.brand ?? method.type,
    last4: method.card?.last4 ?? null,
    expiryMonth: method.card?.exp_month ?? null,
    expiryYear: method.card?.exp_year ?? null,
  };
}

/**
 * Saves the card once, however often the browser confirms; the customer's first card is the default. A card that
 * holds a booking confirms it in the same transaction (only the save that moves it out of waiting reports it).
 */
async function saveCard(db: Db, attempt: Attempt, card: CardToSave): Promise<{ method: SavedPaymentMethod; booking: HeldBookingOutcome | null }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(setupAttempts).where(eq(setupAttempts.id, attempt.id)).for('update');
    if (locked.savedMethodId) return { method: await savedMethod(tx, locked.savedMethodId), booking: null };
    if (locked.appointmentId && locked.processor !== 'stripe') await lockWaitingHold(tx, locked.organizationId, locked.appointmentId);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.organizationId, attempt.organizationId), eq(savedPaymentMethods.customerId, attempt.customerId)));
    const [inserted] = await tx
      .insert(savedPaymentMethods)
      .values({ organizationId: attempt.organizationId, customerId: attempt.customerId, processor: attempt.processor, ...card, isDefault: n === 0 })
      .onConflictDoNothing({ target: [savedPaymentMethods.organizationId, savedPaymentMethods.processor, savedPaymentMethods.providerMethodId] })
      .returning();
    const row =
      inserted ??
      (
        await tx
          .select()
          .from(savedPaymentMethods)
          .where(
            and(
              eq(savedPaymentMethods.organizationId, attempt.organizationId),
              eq(savedPaymentMethods.processor, attempt.processor),
              eq(savedPaymentMethods.providerMethodId, card.providerMethodId),
            ),
          )
      )[0];
    await tx.update(setupAttempts).set({ status: 'succeeded', savedMethodId: row.id }).where(eq(setupAttempts.id, attempt.id));
    const booking = locked.appointmentId
      ? await confirmHeldBooking(tx, { organizationId: locked.organizationId, appointmentId: locked.appointmentId, paid: { card: cardLabel(row.brand, row.last4) } })
      : null;
    return { method: toSavedMethod(row), booking };
  });
}

async function savedMethod(db: DbOrTx, id: number): Promise<SavedPaymentMethod> {
  const [row] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));
  if (!row) throw notFound(PORTAL_MESSAGES.setupNotFound);
  return toSavedMethod(row);
}
