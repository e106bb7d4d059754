// Add Payment Method (docs/rules/customer-portal.md#saved-payment-methods): starts saving a card for the
// customer through the organization's processor. The built-in test gateway answers a tgseti_ intent; Stripe a
// real SetupIntent on the customer's Stripe customer (created on first use).
import { and, eq, isNull } from 'drizzle-orm';
import type { SetupIntentResponse } from '../../../contracts/customer-portal';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { customers, setupAttempts } from '../../db/schema/index';
import { invalid, notImplemented } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { chooseProcessor } from '../payments/choose-processor';
import { stripeClient } from '../payments/gateways/stripe-client';
import { callStripe } from '../payments/gateways/stripe-failure';
import { newTestIntent } from '../payments/gateways/test-gateway';
import type { CustomerRow } from './resolve-portal-customer';

type StripeClient = ReturnType<typeof stripeClient>;

/**
 * Where the card save started: the portal, or the booking page keeping a card on file to hold a booking
 * (docs/rules/scheduling.md#holding-a-booking), whose confirmation then confirms that booking.
 */
export interface SetupOrigin {
  source: 'portal' | 'booking';
  appointmentId?: number | null;
}

export async function createSetupIntent(db: DbOrTx, config: Config, customer: CustomerRow, origin: SetupOrigin = { source: 'portal' }): Promise<SetupIntentResponse> {
  const processor = await chooseProcessor(db, config, customer.organizationId);
  if (processor.kind === 'square') throw notImplemented(PAYMENT_MESSAGES.squareUnsupported);
  if (processor.kind === 'manual') throw invalid(PAYMENT_MESSAGES.manualOnly);

  let intentId: string;
  let clientSecret: string;
  if (processor.kind === 'stripe') {
    const stripe = stripeClient(processor.secretKey, config.STRIPE_API_BASE);
    const stripeCustomerId = await ensureStripeCustomer(db, stripe, customer);
    const intent = await callStripe('create setup intent', () =>
      stripe.setupIntents.create({
        customer: stripeCustomerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: {
          organizationId: String(customer.organizationId),
          customerId: String(customer.id),
          source: origin.source,
          appointmentId: origin.appointmentId ? String(origin.appointmentId) : '',
        },
      }),
    );
    intentId = intent.id;
    clientSecret = intent.client_secret ?? '';
  } else {
    ({ intentId, clientSecret } = newTestIntent('seti'));
  }

  await db.insert(setupAttempts).values({
    organizationId: customer.organizationId,
    customerId: customer.id,
    intentId,
    clientSecretHash: hashToken(clientSecret),
    processor: processor.kind,
    status: 'requires_confirmation',
    appointmentId: origin.appointmentId ?? null,
  });
  return {
    clientSecret,
    intentId,
    processor: processor.kind,
    testMode: processor.kind === 'test' || processor.testMode,
    publishableKey: processor.kind === 'stripe' ? processor.publishableKey : null,
  };
}

/** The customer's Stripe customer id, creating the Stripe customer the first time a card is saved. */
async function ensureStripeCustomer(db: DbOrTx, stripe: StripeClient, customer: CustomerRow): Promise<string> {
  if (customer.stripeCustomerId) return customer.stripeCustomerId;
  const created = await callStripe('create customer', () =>
    stripe.customers.create(
      {
        name: customer.name,
        email: customer.email ?? undefined,
        metadata: { organizationId: String(customer.organizationId), customerId: String(customer.id) },
      },
      // Two tabs adding a card at once create one Stripe customer.
      { idempotencyKey: `tradebook-customer-${customer.organizationId}-${customer.id}` },
    ),
  );
  const [updated] = await db
    .update(customers)
    .set({ stripeCustomerId: created.id })
    .where(and(eq(customers.id, customer.id), eq(customers.organizationId, customer.organizationId), isNull(customers.stripeCustomerId)))
    .returning({ stripeCustomerId: customers.stripeCustomerId });
  if (updated?.stripeCustomerId) return updated.stripeCustomerId;
  const [current] = await db.select({ stripeCustomerId: customers.stripeCustomerId }).from(customers).where(eq(customers.id, customer.id));
  return current?.stripeCustomerId ?? created.id;
}
