// The booking page's payment step (docs/rules/scheduling.md#holding-a-booking): starting the deposit that holds an
// online booking, or the card kept on file for it, through the organization's processor or the built-in test gateway.
// Confirmed like any payment or card save (POST /api/payment-intents/confirm, /api/setup-intents/confirm), which then
// confirm the booking (booking-holds.ts).
import { and, eq } from 'drizzle-orm';
import type { SetupIntentResponse } from '../../../contracts/customer-portal';
import type { PaymentIntentResponse } from '../../../contracts/payments';
import { BOOKING_HOLD_MESSAGES, bookingDepositCents } from '../../../contracts/scheduling';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import { conflict } from '../../platform/errors';
import { describeWallClock, normalize } from '../../platform/wall-clock';
import { createSetupIntent } from '../customer-portal/create-setup-intent';
import { startPayment } from '../payments/start-payment';
import { findHeldBooking, refuseUnlessWaiting } from './booking-holds';

/**
 * Starts paying the deposit: 409 once the hold has ended (no intent is made, so no money can be taken), once the booking
 * is confirmed, or when it is held with a card instead. The deposit is the organization's percent of the service's
 * price now, the figure the booking answered unless the price changed meanwhile.
 */
export async function startBookingDeposit(db: Db, config: Config, token: string): Promise<PaymentIntentResponse> {
  const held = await findHeldBooking(db, token);
  refuseUnlessWaiting(held.appt.status, held.lapsed);
  if (held.kind !== 'deposit') throw conflict(BOOKING_HOLD_MESSAGES.notDeposit);
  const amountCents = bookingDepositCents(held.servicePrice ?? '0', held.depositPercent);
  // A price lowered to nothing meanwhile leaves nothing to hold the time with: the customer books again.
  if (amountCents <= 0) throw conflict(BOOKING_HOLD_MESSAGES.ended);
  const { appt } = held;
  return startPayment(db, config, {
    organizationId: appt.organizationId,
    invoiceId: null,
    customerId: appt.customerId,
    customerName: appt.customerName ?? appt.customerEmail,
    amountCents,
    description: `Deposit for ${held.serviceName ?? 'an appointment'} on ${describeWallClock(normalize(appt.appointmentDate))}`,
    paymentType: 'card',
    source: 'booking',
    appointmentId: appt.id,
  });
}

/**
 * Starts keeping a card on file for the booking, saved to the booking's customer record (the one the booking found or
 * made by e-mail) like the portal's Add Payment Method: 409 in the same cases as the deposit.
 */
export async function startBookingCardSetup(db: Db, config: Config, token: string): Promise<SetupIntentResponse> {
  const held = await findHeldBooking(db, token);
  refuseUnlessWaiting(held.appt.status, held.lapsed);
  if (held.kind !== 'card') throw conflict(BOOKING_HOLD_MESSAGES.notCard);
  const { appt } = held;
  const [customer] = appt.customerId
    ? await db
        .select()
        .from(customers)
        .where(and(eq(customers.organizationId, appt.organizationId), eq(customers.id, appt.customerId)))
        .limit(1)
    : [];
  // The booking made its customer; one removed since leaves the card nowhere to be kept.
  if (!customer) throw conflict(BOOKING_HOLD_MESSAGES.ended);
  return createSetupIntent(db, config, customer, { appointmentId: appt.id, source: 'booking' });
}
