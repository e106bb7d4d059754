// An online booking from the public page: the settings' rules, the slot guard, the customer record by e-mail,
// the staff's bell notification and the confirmation e-mail. A booking the organization holds with a deposit or a card
// waits for it instead (docs/rules/scheduling.md#holding-a-booking): no bell, reminder or e-mail until then.
import { sql } from 'drizzle-orm';
import { fromCents } from '../../../contracts/money';
import { HELD_STATUS, parseLocalDateTime, SCHEDULING_LIMITS, SCHEDULING_MESSAGES, type BookingBody, type BookingResult } from '../../../contracts/scheduling';
import type { Config } from '../../config';
import { rowsOf, type Db } from '../../db/client';
import { appointmentLinks, appointmentReminders, appointments, customers, organizations, services } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../platform/errors';
import { notifyStaffSql, staffJsonSql, staffWithFrom } from '../notifications/notify-staff';
import { parseReminderSettings, reminderSettingsJsonSql, remindersFor } from '../reminders/schedule-reminders';
import { sendAppointmentMail } from './appointment-mail';
import { defaultDuration, slotLockKeys, slotTakenAsConflict, type MailDeps } from './appointment-writes';
import { bookingRefusal, staffChoice } from './booking-rules';
import { heldRange, setAppointmentAssignees } from '../team/assignees';
import { freePerformers } from '../team/availability';
import { scheduleByKey } from './resolve-schedule';
import { describeWallClock } from '../../platform/wall-clock';
import { newToken } from '../../platform/tokens';
import { holdFor, holdTokenHash, releaseLapsedHolds } from './booking-holds';
import { emitWebhookEvent } from '../webhooks/emit-event';
import { webhookListenersSql } from '../webhooks/record-event';

const refuse = (path: string, message: string) => invalid(message, [{ path, message }]);

export async function bookAppointment(db: Db, config: Pick<Config, 'APP_SECRET'>, mail: MailDeps, key: string, body: BookingBody, now = new Date()): Promise<BookingResult> {
  // The organization, its settings, the service, who hears of the booking and how it is reminded, in one statement
  // before the transaction: none of them decides whether the slot stands (docs/performance.md, Session 10).
  const [found] = await scheduleByKey(db, key, {
    service: sql<string | null>`(select json_build_object('id', ${services.id}, 'name', ${services.name}, 'duration', ${services.duration},
      'bufferBefore', ${services.bufferBefore}, 'bufferAfter', ${services.bufferAfter}, 'price', ${services.price}::text)::text from ${services}
      where ${services.id} = ${body.serviceId} and ${services.organizationId} = ${organizations.id} and ${services.isActive} limit 1)`.as('service'),
    staff: sql<string>`${staffJsonSql(sql`${organizations.id}`)}`.as('staff'),
    reminders: sql<string | null>`${reminderSettingsJsonSql(sql`${organizations.id}`)}`.as('reminders'),
    // Whether a webhook listens, in the same read: the transaction below takes no extra round trip when none does.
    webhooks: webhookListenersSql(sql`${organizations.id}`, ['customer.created', 'appointment.booked']).as('webhooks'),
  });
  if (!found) throw notFound('Schedule not found');
  const { org, settings } = found;
  const service = found.service === null ? null : (JSON.parse(found.service) as { id: number; name: string; duration: number | null; bufferBefore: number; bufferAfter: number; price: string });
  const recipients = staffWithFrom(found.staff, ['manage_appointments', 'view_appointments']);
  const reminderSettings = parseReminderSettings(found.reminders);
  if (!service) throw refuse('serviceId', 'Service not found');
  if (settings.requirePhone && !body.customerPhone) throw refuse('customerPhone', SCHEDULING_MESSAGES.phoneRequired);
  const parsed = parseLocalDateTime(body.appointmentDate);
  if (!parsed?.time) throw refuse('appointmentDate', SCHEDULING_MESSAGES.bookingDate);
  const wall = `${parsed.date}T${parsed.time}:00`;
  const duration = defaultDuration(service);
  const refusal = bookingRefusal(settings, wall, duration, now);
  if (refusal) throw refuse('appointmentDate', refusal);
  const chosen = staffChoice(settings, body.staffId);
  const hold = { wall, duration, bufferBefore: service.bufferBefore, bufferAfter: service.bufferAfter };

  // What holds it, if the organization asks: a held booking holds its time for SCHEDULING_LIMITS.holdMinutes, and its
  // reminders, bell and e-mail wait for the deposit or card (booking-holds.ts confirmHeldBooking).
  const held = await holdFor(db, config, settings, service.price);
  const holdToken = held ? newToken() : null;
  const status = held ? HELD_STATUS : settings.autoConfirm ? 'scheduled' : 'pending';
  const reminders = held ? [] : remindersFor({ status, appointmentDate: wall, customerEmail: body.customerEmail, customerPhone: body.customerPhone ?? null }, reminderSettings, settings.timeZone, now);
  const digits = body.customerPhone?.replace(/\D/g, '') ?? '';
  const customerPhone = digits && digits.length <= 10 ? digits : null;
  // The transaction in few round trips (docs/performance.md, Session 10): BEGIN, the locks, letting lapsed holds on the
  // time go (one indexed update, usually of nothing), who is free, one statement that finds or creates the customer and
  // inserts the appointment with its reminders and the staff's bell (or its hold token), the assignee, and COMMIT.
  // Under load every round trip waits its turn for a core.
  const booked = await db.transaction(async (tx) => {
    // The customer's lock first, then the days' in date order (as guardSlot takes them), so two writers never wait on
    // each other in a circle: two bookings by one new customer at once must not create the customer twice, and the
    // statement below must see every committed neighbour of the slot. Its snapshot is taken after the locks.
    await tx.execute(
      sql`select count(pg_advisory_xact_lock(k.a, k.b)) from (select hashtext(${`booking-customer:${body.customerEmail}`}) as a, ${org.id}::int as b union all ${slotLockKeys(org.id, heldRange(hold))}) k`,
    );
    // A lapsed hold on this time is already shown free: let it go, so the constraint does not refuse the time it held.
    await releaseLapsedHolds(tx, org.id, heldRange(hold));
    // "Any available" (or the one chosen): after the locks, so every committed neighbour is seen.
    const [performer] = await freePerformers(tx, org.id, service.id, hold, chosen);
    if (!performer) throw conflict(chosen ? SCHEDULING_MESSAGES.staffUnavailable : SCHEDULING_MESSAGES.slotTaken);
    // The staff hear of a held booking once it is confirmed; until then its token's row is what the booking page holds.
    const tail = held
      ? sql`link as (
          insert into ${appointmentLinks} (organization_id, appointment_id, token_hash)
          select ${org.id}, appointment.id, ${holdTokenHash(held.kind, holdToken!)} from appointment
        )`
      : sql`bell as (
          ${notifyStaffSql(
            recipients,
            {
              organizationId: org.id,
              type: 'booking_created',
              title: 'New online booking',
              body: `${body.customerName} booked ${service.name} on ${describeWallClock(wall)}`,
              link: '/scheduling',
              entityType: 'appointment',
            },
            sql`select id from appointment`,
          )}
        )`;
    const [row] = await slotTakenAsConflict(() =>
      rowsOf<{ id: number; hold_expires_at: string | Date | null; created_customer_id: number | null }>(
        tx,
        sql`with found as (
          select id from ${customers} where organization_id = ${org.id} and email = ${body.customerEmail} order by id limit 1
        ), created as (
          insert into ${customers} (organization_id, name, email, phone)
          select ${org.id}, ${body.customerName}, ${body.customerEmail}, ${customerPhone}::text where not exists (select 1 from found)
          returning id
        ), customer as (
          select id from found union all select id from created
        ), appointment as (
          insert into ${appointments} (organization_id, service_id, customer_id, customer_name, customer_email, customer_phone, appointment_date, duration, status, notes, source, buffer_before, buffer_after, hold_expires_at)
          select ${org.id}, ${service.id}::int, customer.id, ${body.customerName}, ${body.customerEmail}, ${body.customerPhone ?? null}::text, ${wall}::timestamp,
            ${duration}::int, ${status}, ${body.notes ?? null}::text, 'online', ${service.bufferBefore}::int, ${service.bufferAfter}::int,
            ${held ? sql`now() + make_interval(mins => ${SCHEDULING_LIMITS.holdMinutes})` : sql`null::timestamptz`}
          from customer
          returning id, hold_expires_at
        ), reminders as (
          insert into ${appointmentReminders} (organization_id, appointment_id, reminder_type, reminder_timing, due_at)
          select ${org.id}, appointment.id, r.reminder_type, r.reminder_timing, r.due_at
          from appointment, json_to_recordset(${JSON.stringify(reminders.map((r) => ({ reminder_type: r.reminderType, reminder_timing: r.reminderTiming, due_at: r.dueAt.toISOString() })))}::json)
            as r(reminder_type text, reminder_timing int, due_at timestamptz)
          on conflict do nothing
        ), ${tail}
        select id, hold_expires_at, (select id from created) as created_customer_id from appointment`,
      ),
    );
    // Its own statement: the assignee's trigger reads the appointment, which a statement's other parts cannot see.
    await slotTakenAsConflict(() => setAppointmentAssignees(tx, org.id, row.id, [performer]));
    // docs/rules/public-api.md#webhook-events: a new customer, and a booking that stands (a held one once confirmed).
    if (found.webhooks) {
      if (row.created_customer_id) await emitWebhookEvent(tx, org.id, 'customer.created', Number(row.created_customer_id));
      if (!held) await emitWebhookEvent(tx, org.id, 'appointment.booked', row.id);
    }
    return row;
  });
  const { id } = booked;
  if (held && holdToken && booked.hold_expires_at) {
    return {
      id,
      appointmentDate: wall,
      status,
      hold: {
        kind: held.kind,
        amount: held.kind === 'deposit' ? fromCents(held.amountCents) : null,
        holdToken,
        expiresAt: new Date(booked.hold_expires_at).toISOString(),
        confirmedStatus: settings.autoConfirm ? 'scheduled' : 'pending',
      },
    };
  }
  // The booking stands whatever the mail does: the outbox shows a failed delivery, the log a failed read.
  mail.afterCommit.run(() => sendAppointmentMail(db, mail, id, 'created'));
  return { id, appointmentDate: wall, status };
}
