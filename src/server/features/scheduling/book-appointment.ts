// An online booking from the public page: the settings' rules, the slot guard, the customer record by e-mail,
// the staff's bell notification and the confirmation e-mail.
import { sql } from 'drizzle-orm';
import { parseLocalDateTime, SCHEDULING_MESSAGES, type BookingBody } from '../../../contracts/scheduling';
import { rowsOf, type Db } from '../../db/client';
import { appointmentReminders, appointments, customers, organizations, services } from '../../db/schema/index';
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

const refuse = (path: string, message: string) => invalid(message, [{ path, message }]);

export async function bookAppointment(db: Db, mail: MailDeps, key: string, body: BookingBody, now = new Date()) {
  // The organization, its settings, the service, who hears of the booking and how it is reminded, in one statement
  // before the transaction: none of them decides whether the slot stands (docs/performance.md, Session 10).
  const [found] = await scheduleByKey(db, key, {
    service: sql<string | null>`(select json_build_object('id', ${services.id}, 'name', ${services.name}, 'duration', ${services.duration},
      'bufferBefore', ${services.bufferBefore}, 'bufferAfter', ${services.bufferAfter})::text from ${services}
      where ${services.id} = ${body.serviceId} and ${services.organizationId} = ${organizations.id} and ${services.isActive} limit 1)`.as('service'),
    staff: sql<string>`${staffJsonSql(sql`${organizations.id}`)}`.as('staff'),
    reminders: sql<string | null>`${reminderSettingsJsonSql(sql`${organizations.id}`)}`.as('reminders'),
  });
  if (!found) throw notFound('Schedule not found');
  const { org, settings } = found;
  const service = found.service === null ? null : (JSON.parse(found.service) as { id: number; name: string; duration: number | null; bufferBefore: number; bufferAfter: number });
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

  const status = settings.autoConfirm ? 'scheduled' : 'pending';
  const reminders = remindersFor({ status, appointmentDate: wall, customerEmail: body.customerEmail, customerPhone: body.customerPhone ?? null }, reminderSettings, settings.timeZone, now);
  const digits = body.customerPhone?.replace(/\D/g, '') ?? '';
  const customerPhone = digits && digits.length <= 10 ? digits : null;
  // The transaction in few round trips (docs/performance.md, Session 10): BEGIN, the locks, who is free, one statement
  // that finds or creates the customer and inserts the appointment with its reminders and the staff's bell, the
  // assignee, and COMMIT. Under load every round trip waits its turn for a core.
  const id = await db.transaction(async (tx) => {
    // The customer's lock first, then the days' in date order (as guardSlot takes them), so two writers never wait on
    // each other in a circle: two bookings by one new customer at once must not create the customer twice, and the
    // statement below must see every committed neighbour of the slot. Its snapshot is taken after the locks.
    await tx.execute(
      sql`select count(pg_advisory_xact_lock(k.a, k.b)) from (select hashtext(${`booking-customer:${body.customerEmail}`}) as a, ${org.id}::int as b union all ${slotLockKeys(org.id, heldRange(hold))}) k`,
    );
    // "Any available" (or the one chosen): after the locks, so every committed neighbour is seen.
    const [performer] = await freePerformers(tx, org.id, service.id, hold, chosen);
    if (!performer) throw conflict(chosen ? SCHEDULING_MESSAGES.staffUnavailable : SCHEDULING_MESSAGES.slotTaken);
    const [row] = await slotTakenAsConflict(() =>
      rowsOf<{ id: number }>(
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
          insert into ${appointments} (organization_id, service_id, customer_id, customer_name, customer_email, customer_phone, appointment_date, duration, status, notes, source, buffer_before, buffer_after)
          select ${org.id}, ${service.id}::int, customer.id, ${body.customerName}, ${body.customerEmail}, ${body.customerPhone ?? null}::text, ${wall}::timestamp,
            ${duration}::int, ${status}, ${body.notes ?? null}::text, 'online', ${service.bufferBefore}::int, ${service.bufferAfter}::int
          from customer
          returning id
        ), reminders as (
          insert into ${appointmentReminders} (organization_id, appointment_id, reminder_type, reminder_timing, due_at)
          select ${org.id}, appointment.id, r.reminder_type, r.reminder_timing, r.due_at
          from appointment, json_to_recordset(${JSON.stringify(reminders.map((r) => ({ reminder_type: r.reminderType, reminder_timing: r.reminderTiming, due_at: r.dueAt.toISOString() })))}::json)
            as r(reminder_type text, reminder_timing int, due_at timestamptz)
          on conflict do nothing
        ), bell as (
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
        )
        select id from appointment`,
      ),
    );
    // Its own statement: the assignee's trigger reads the appointment, which a statement's other parts cannot see.
    await slotTakenAsConflict(() => setAppointmentAssignees(tx, org.id, row.id, [performer]));
    return row.id;
  });
  // The booking stands whatever the mail does: the outbox shows a failed delivery, the log a failed read.
  mail.afterCommit.run(() => sendAppointmentMail(db, mail, id, 'created'));
  return { id, appointmentDate: wall, status };
}
