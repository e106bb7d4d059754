// Holding an online booking with a deposit or a card on file (docs/rules/scheduling.md#holding-a-booking, ADR 033):
// the hold token, finding the booking it names, letting lapsed holds go, and confirming a booking once its deposit
// is paid or its card saved. The payments and the card saves call in here; starting them is start-hold.ts.
import { and, asc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { BOOKING_HOLD_MESSAGES, bookingDepositCents, HELD_STATUS, type BookingHold, type BookingHoldKind } from '../../../contracts/scheduling';
import { cardLabel } from '../../../contracts/format';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import type { Config } from '../../config';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { appointmentAssignees, appointmentLinks, appointments, payments, savedPaymentMethods, scheduleSettings, services, setupAttempts } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { describeWallClock, normalize } from '../../platform/wall-clock';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { chooseProcessor } from '../payments/choose-processor';
import { scheduleReminders } from '../reminders/schedule-reminders';
import { holdsDuring } from '../team/assignees';
import { emitWebhookEvent } from '../webhooks/emit-event';

/**
 * The hold token's stored form: the kind of hold, then the token's hash, in appointment_links beside the e-mails'
 * reschedule links. The kind travels with the booking this way (ADR 033: no column of its own), and the prefix keeps
 * the two kinds of token apart: a reschedule link is looked up by the bare hash (appointment-links.ts), so a hold
 * token never opens the reschedule page, nor a reschedule token a hold.
 */
export function holdTokenHash(kind: BookingHoldKind, token: string): string {
  return `${kind}-hold:${hashToken(token)}`;
}

const HOLD_PREFIXES = ['deposit-hold:%', 'card-hold:%'] as const;

/** The kind of a held booking's link row, from its stored hash. */
function kindOfHash(tokenHash: string): BookingHoldKind {
  return tokenHash.startsWith('deposit-hold:') ? 'deposit' : 'card';
}

/**
 * The hold a booking of a service at this price asks for: the organization's setting, unless no card can be taken
 * online now (only a manual processor, Square, or saved keys this installation cannot read) or the deposit comes to
 * nothing (a free service). Then the booking is made as any other: a deposit nobody can pay would turn every customer
 * away.
 */
export async function holdFor(
  db: DbOrTx,
  config: Pick<Config, 'APP_SECRET'>,
  settings: { organizationId: number; bookingHold: BookingHold; bookingDepositPercent: number },
  price: string | null,
): Promise<{ kind: 'deposit'; amountCents: number } | { kind: 'card' } | null> {
  if (settings.bookingHold === 'none') return null;
  if (!(await takesCardsOnline(db, config, settings.organizationId))) return null;
  if (settings.bookingHold === 'card') return { kind: 'card' };
  // The same figure the booking page shows for the service (one rounding rule, contracts/scheduling.ts).
  const amountCents = bookingDepositCents(price ?? '0', settings.bookingDepositPercent);
  return amountCents > 0 ? { kind: 'deposit', amountCents } : null;
}

/** Whether the organization's processor takes cards online: the built-in test gateway or Stripe (choose-processor.ts). */
export async function takesCardsOnline(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, organizationId: number): Promise<boolean> {
  try {
    const processor = await chooseProcessor(db, config, organizationId);
    return processor.kind === 'test' || processor.kind === 'stripe';
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNAVAILABLE') return false;
    throw err;
  }
}

/**
 * A held booking counts as let go once its holdExpiresAt has passed, whether or not anything has cancelled it yet: the
 * database's clock, the one the hold was set by, decides.
 */
const lapsed = sql`${appointments.status} = ${HELD_STATUS} and ${appointments.holdExpiresAt} <= now()`;

/** For a query of appointments: leaves out the held bookings whose time is already free (busyTimes, the slots). */
export const notLapsedHold: SQL = sql`not coalesce(${lapsed}, false)`;

/**
 * Cancels the organization's lapsed holds on any of [start, end). Every writer of that time calls it under the day
 * locks (guardSlot, the online booking, a reschedule by link) before it checks who is free: the slots already show
 * that time free, and the exclusion constraint must not refuse it for a hold that no longer holds it.
 */
export async function releaseLapsedHolds(tx: DbOrTx, organizationId: number, range: { start: string; end: string }): Promise<void> {
  await tx
    .update(appointments)
    .set({ status: 'cancelled', holdExpiresAt: null })
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        lapsed,
        inArray(appointments.id, tx.select({ id: appointmentAssignees.appointmentId }).from(appointmentAssignees).where(holdsDuring(organizationId, range.start, range.end))),
      ),
    );
}

/**
 * The job's batch (jobs/release-lapsed-holds.ts): lapsed holds of every organization, claimed with FOR UPDATE SKIP
 * LOCKED so instances running it at once, and a payment confirming one (which holds its row), pass each other by.
 * Answers how many it let go.
 */
export async function releaseLapsedHoldsBatch(db: Db, limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.status, HELD_STATUS), lte(appointments.holdExpiresAt, sql`now()`)))
      .orderBy(asc(appointments.holdExpiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    await tx
      .update(appointments)
      .set({ status: 'cancelled', holdExpiresAt: null })
      .where(inArray(appointments.id, due.map((r) => r.id)));
    return due.length;
  });
}

export interface HeldBooking {
  appt: typeof appointments.$inferSelect;
  kind: BookingHoldKind;
  /** Past its holdExpiresAt by the database's clock. */
  lapsed: boolean;
  serviceName: string | null;
  servicePrice: string | null;
  depositPercent: number;
}

/** The booking a hold token names; 404 for any other token (a reschedule link's, another's, a made-up one). */
export async function findHeldBooking(db: DbOrTx, token: string): Promise<HeldBooking> {
  const hash = hashToken(token);
  const [link] = await db
    .select({ appointmentId: appointmentLinks.appointmentId, organizationId: appointmentLinks.organizationId, tokenHash: appointmentLinks.tokenHash })
    .from(appointmentLinks)
    .where(inArray(appointmentLinks.tokenHash, [`deposit-hold:${hash}`, `card-hold:${hash}`]))
    .limit(1);
  if (!link) throw notFound(BOOKING_HOLD_MESSAGES.notFound);
  const [row] = await db
    .select({
      appt: appointments,
      lapsed: sql<boolean>`coalesce(${appointments.holdExpiresAt} <= now(), false)`,
      serviceName: services.name,
      servicePrice: services.price,
      depositPercent: scheduleSettings.bookingDepositPercent,
    })
    .from(appointments)
    .leftJoin(services, and(eq(services.organizationId, appointments.organizationId), eq(services.id, appointments.serviceId)))
    .leftJoin(scheduleSettings, eq(scheduleSettings.organizationId, appointments.organizationId))
    .where(and(eq(appointments.organizationId, link.organizationId), eq(appointments.id, link.appointmentId)))
    .limit(1);
  if (!row) throw notFound(BOOKING_HOLD_MESSAGES.notFound);
  return { ...row, depositPercent: row.depositPercent ?? 0, kind: kindOfHash(link.tokenHash) };
}

/** 409 unless the booking still waits for its deposit or card: not confirmed, cancelled, or past its hold. */
export function refuseUnlessWaiting(status: string, isLapsed: boolean): void {
  if (status === HELD_STATUS && !isLapsed) return;
  if (status === HELD_STATUS || status === 'cancelled') throw conflict(BOOKING_HOLD_MESSAGES.ended);
  throw conflict(BOOKING_HOLD_MESSAGES.confirmed);
}

/**
 * Before the test gateway charges a deposit or saves a card (nothing is taken until then): the booking's row locked
 * for the rest of the transaction, and 409 unless it still waits. Two confirmations of one booking take turns here,
 * so the second finds it confirmed and takes nothing.
 */
export async function lockWaitingHold(tx: DbOrTx, organizationId: number, appointmentId: number): Promise<void> {
  const [row] = await tx
    .select({ status: appointments.status, lapsed: sql<boolean>`coalesce(${appointments.holdExpiresAt} <= now(), false)` })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.id, appointmentId)))
    .for('update');
  if (!row) throw conflict(BOOKING_HOLD_MESSAGES.ended);
  refuseUnlessWaiting(row.status, row.lapsed);
}

/** What a payment or card save reports of its held booking: confirmed by it (then its e-mail is to be sent), or not. */
export type HeldBookingOutcome = { appointmentId: number; confirmed: boolean };

/**
 * Confirms a held booking once its deposit is booked or its card saved, in the same transaction, under the booking's
 * row lock: status scheduled (or pending when the organization confirms bookings itself), the hold cleared, its
 * reminders planned and the staff's bell raised. Only the call that moves it out of pending_payment answers
 * `confirmed: true`, so the confirmation e-mail goes out once however many confirmations and webhooks arrive.
 *
 * A booking still waiting is confirmed even past its holdExpiresAt: the test gateway refused that before charging
 * (lockWaitingHold), so only money Stripe had already taken arrives here late, and while nothing has let the time go
 * the booking still holds it. A booking already let go stays cancelled; its deposit is held against the customer and
 * the people who take payments are told, to refund it or book the time by hand.
 */
export async function confirmHeldBooking(
  tx: DbOrTx,
  input: { organizationId: number; appointmentId: number; paid: { depositCents: number } | { card: string } },
): Promise<HeldBookingOutcome> {
  const [row] = await tx
    .select({ appt: appointments, serviceName: services.name, autoConfirm: scheduleSettings.autoConfirm })
    .from(appointments)
    .leftJoin(services, and(eq(services.organizationId, appointments.organizationId), eq(services.id, appointments.serviceId)))
    .leftJoin(scheduleSettings, eq(scheduleSettings.organizationId, appointments.organizationId))
    .where(and(eq(appointments.organizationId, input.organizationId), eq(appointments.id, input.appointmentId)))
    .for('update', { of: appointments });
  const outcome = { appointmentId: input.appointmentId, confirmed: false };
  if (!row) return outcome;
  const { appt } = row;
  const who = appt.customerName ?? appt.customerEmail;
  const what = `${row.serviceName ?? 'an appointment'} on ${describeWallClock(normalize(appt.appointmentDate))}`;
  const given = 'depositCents' in input.paid ? `deposit paid ${formatMoney(fromCents(input.paid.depositCents))}` : `card on file: ${input.paid.card}`;
  if (appt.status !== HELD_STATUS) {
    if (appt.status === 'cancelled' && 'depositCents' in input.paid) {
      await notifyStaff(tx, await staffWith(tx, appt.organizationId, ['manage_payments', 'manage_appointments']), [
        {
          organizationId: appt.organizationId,
          type: 'booking_changed',
          title: "Deposit received after its booking's hold ended",
          body: `${who}'s booking of ${what} had been let go when the ${formatMoney(fromCents(input.paid.depositCents))} deposit arrived: refund it from Payments or book the time by hand.`,
          link: '/payments',
          entityType: 'appointment',
          entityId: appt.id,
        },
      ]);
    }
    return outcome;
  }
  await tx
    .update(appointments)
    .set({ status: row.autoConfirm === false ? 'pending' : 'scheduled', holdExpiresAt: null })
    .where(and(eq(appointments.organizationId, appt.organizationId), eq(appointments.id, appt.id)));
  await scheduleReminders(tx, appt.id);
  // A held booking is reported booked once it stands (docs/rules/public-api.md#webhook-events).
  await emitWebhookEvent(tx, appt.organizationId, 'appointment.booked', appt.id);
  await notifyStaff(tx, await staffWith(tx, appt.organizationId, ['manage_appointments', 'view_appointments']), [
    {
      organizationId: appt.organizationId,
      type: 'booking_created',
      title: 'New online booking',
      body: `${who} booked ${what} (${given})`,
      link: '/scheduling',
      entityType: 'appointment',
      entityId: appt.id,
    },
  ]);
  return { ...outcome, confirmed: true };
}

/** Held against the booking: its completed payments (deposits, and refunds as negative rows). */
const bookingPayments = (organizationId: SQL | unknown, appointmentId: SQL | unknown) =>
  sql`${payments.organizationId} = ${organizationId} and ${payments.appointmentId} = ${appointmentId} and ${payments.status} = 'completed'`;

/**
 * One JSON object of what holds an online booking, for a view's select (null for any other appointment): its kind (from
 * the hold token's row), the deposit received less refunds with the first deposit payment, and the card saved for it.
 */
export function appointmentHoldSql(organizationId: SQL | unknown, appointmentId: SQL | unknown, source: SQL | unknown): SQL<StoredHold | null> {
  const l = appointmentLinks;
  const onHold = or(...HOLD_PREFIXES.map((p) => sql`${l.tokenHash} like ${p}`));
  return sql<StoredHold | null>`case when ${source} = 'online' then (select json_build_object(
      'kind', case when ${l.tokenHash} like 'deposit-hold:%' then 'deposit' else 'card' end,
      'depositPaid', (select sum(${payments.amount})::text from ${payments} where ${bookingPayments(organizationId, appointmentId)}),
      'depositPaymentId', (select min(${payments.id}) from ${payments} where ${bookingPayments(organizationId, appointmentId)} and ${payments.refundOfPaymentId} is null),
      'depositReceivedAt', (select min(${payments.receivedDate}) from ${payments} where ${bookingPayments(organizationId, appointmentId)} and ${payments.refundOfPaymentId} is null),
      'card', (select json_build_object('brand', ${savedPaymentMethods.brand}, 'last4', ${savedPaymentMethods.last4})
        from ${setupAttempts} join ${savedPaymentMethods} on ${savedPaymentMethods.organizationId} = ${setupAttempts.organizationId} and ${savedPaymentMethods.id} = ${setupAttempts.savedMethodId}
        where ${setupAttempts.organizationId} = ${organizationId} and ${setupAttempts.appointmentId} = ${appointmentId} order by ${setupAttempts.id} desc limit 1))
    from ${l} where ${l.organizationId} = ${organizationId} and ${l.appointmentId} = ${appointmentId} and ${onHold} limit 1) end`;
}

export interface StoredHold {
  kind: BookingHoldKind;
  depositPaid: string | null;
  depositPaymentId: number | null;
  depositReceivedAt: string | null;
  card: { brand: string | null; last4: string | null } | null;
}

/** The hold as the appointment answers it (contracts/scheduling.ts appointmentSchema.hold). */
export function holdView(stored: StoredHold | null, appt: { status: string; holdExpiresAt: Date | null }) {
  if (!stored) return null;
  return {
    kind: stored.kind,
    expiresAt: appt.status === HELD_STATUS && appt.holdExpiresAt ? appt.holdExpiresAt.toISOString() : null,
    depositPaid: stored.depositPaid === null ? null : fromCents(toCents(stored.depositPaid)),
    depositPaymentId: stored.depositPaymentId,
    depositReceivedAt: stored.depositReceivedAt === null ? null : new Date(stored.depositReceivedAt).toISOString(),
    card: stored.card ? cardLabel(stored.card.brand, stored.card.last4) : null,
  };
}

/** The confirmation e-mail's line for a held booking: "Deposit paid: $20.00", "Card on file: Visa ending 4242". */
export async function heldBookingLine(db: DbOrTx, appt: { organizationId: number; id: number; source: string }): Promise<{ label: string; value: string } | null> {
  const [row] = await rowsOf<{ hold: StoredHold | null }>(db, sql`select ${appointmentHoldSql(appt.organizationId, appt.id, appt.source)} as hold`);
  const hold = holdView(row?.hold ?? null, { status: 'scheduled', holdExpiresAt: null });
  if (!hold) return null;
  if (hold.depositPaid !== null && toCents(hold.depositPaid) > 0) return { label: 'Deposit paid', value: formatMoney(hold.depositPaid) };
  if (hold.card) return { label: 'Card on file', value: hold.card };
  return null;
}
