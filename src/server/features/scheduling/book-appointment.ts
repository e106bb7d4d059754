// An online booking from the public page: the settings' rules, the slot guard, the customer record by e-mail,
// the staff's bell notification and the confirmation e-mail.
import { and, asc, eq, sql } from 'drizzle-orm';
import { parseLocalDateTime, SCHEDULING_MESSAGES, type BookingBody } from '../../../contracts/scheduling';
import type { Db, DbOrTx } from '../../db/client';
import { appointments, customers, services } from '../../db/schema/index';
import { invalid } from '../../platform/errors';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { planAppointmentReminders, reminderSettingsOf } from '../reminders/schedule-reminders';
import { sendAppointmentMail } from './appointment-mail';
import { defaultDuration, guardSlot, type MailDeps } from './appointment-writes';
import { bookingRefusal } from './booking-rules';
import { resolveSchedule } from './resolve-schedule';
import { describeWallClock } from '../../platform/wall-clock';

const refuse = (path: string, message: string) => invalid(message, [{ path, message }]);

/** The organization's customer with this e-mail, created when there is none. */
async function customerFor(tx: DbOrTx, organizationId: number, body: BookingBody): Promise<number> {
  // Two bookings by one new customer at once must not create the customer twice.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-customer:${organizationId}:${body.customerEmail}`}))`);
  const [found] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.email, body.customerEmail)))
    .orderBy(asc(customers.id))
    .limit(1);
  if (found) return found.id;
  const digits = body.customerPhone?.replace(/\D/g, '') ?? '';
  const [created] = await tx
    .insert(customers)
    .values({ organizationId, name: body.customerName, email: body.customerEmail, phone: digits && digits.length <= 10 ? digits : null })
    .returning({ id: customers.id });
  return created.id;
}

export async function bookAppointment(db: Db, mail: MailDeps, key: string, body: BookingBody, now = new Date()) {
  const { org, settings } = await resolveSchedule(db, key);
  // The service, who hears of the booking and how it is reminded are read at once, before the transaction: they decide
  // nothing about whether the slot stands, and the transaction then holds the day's slot lock from the overlap check
  // to the commit: three inserts (docs/performance.md, Session 8).
  const [[service], recipients, reminderSettings] = await Promise.all([
    db
      .select()
      .from(services)
      .where(and(eq(services.id, body.serviceId), eq(services.organizationId, org.id), eq(services.isActive, true)))
      .limit(1),
    staffWith(db, org.id, ['manage_appointments', 'view_appointments']),
    reminderSettingsOf(db, org.id),
  ]);
  if (!service) throw refuse('serviceId', 'Service not found');
  if (settings.requirePhone && !body.customerPhone) throw refuse('customerPhone', SCHEDULING_MESSAGES.phoneRequired);
  const parsed = parseLocalDateTime(body.appointmentDate);
  if (!parsed?.time) throw refuse('appointmentDate', SCHEDULING_MESSAGES.bookingDate);
  const wall = `${parsed.date}T${parsed.time}:00`;
  const duration = defaultDuration(service);
  const refusal = bookingRefusal(settings, wall, duration, now);
  if (refusal) throw refuse('appointmentDate', refusal);

  const status = settings.autoConfirm ? 'scheduled' : 'pending';
  const id = await db.transaction(async (tx) => {
    const customerId = await customerFor(tx, org.id, body);
    const values = {
      organizationId: org.id,
      serviceId: service.id,
      customerId,
      customerName: body.customerName,
      customerEmail: body.customerEmail,
      customerPhone: body.customerPhone ?? null,
      appointmentDate: wall,
      duration,
      status,
      notes: body.notes ?? null,
      source: 'online',
    };
    const [row] = await guardSlot(tx, org.id, wall, duration, undefined, () => tx.insert(appointments).values(values).returning({ id: appointments.id }));
    await planAppointmentReminders(tx, { ...values, id: row.id }, reminderSettings, settings.timeZone, now);
    await notifyStaff(tx, recipients, [
      {
        organizationId: org.id,
        type: 'booking_created',
        title: 'New online booking',
        body: `${body.customerName} booked ${service.name} on ${describeWallClock(wall)}`,
        link: '/scheduling',
        entityType: 'appointment',
        entityId: row.id,
      },
    ]);
    return row.id;
  });
  // The booking stands whatever the mail does: the outbox shows a failed delivery, the log a failed read.
  mail.afterCommit.run(() => sendAppointmentMail(db, mail, id, 'created'));
  return { id, appointmentDate: wall, status };
}
