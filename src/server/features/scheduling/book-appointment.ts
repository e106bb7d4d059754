// An online booking from the public page: the settings' rules, the slot guard, the customer record by e-mail,
// the staff's bell notification and the confirmation e-mail.
import { and, asc, eq, sql } from 'drizzle-orm';
import { parseLocalDateTime, SCHEDULING_MESSAGES, type BookingBody } from '../../../contracts/scheduling';
import type { Db, DbOrTx } from '../../db/client';
import { appointments, customers, services } from '../../db/schema/index';
import { invalid } from '../../platform/errors';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { scheduleReminders } from '../reminders/schedule-reminders';
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
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, body.serviceId), eq(services.organizationId, org.id), eq(services.isActive, true)))
    .limit(1);
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
    const [row] = await guardSlot(tx, org.id, wall, duration, undefined, () =>
      tx
        .insert(appointments)
        .values({
          organizationId: org.id,
          serviceId: service.id,
          customerName: body.customerName,
          customerEmail: body.customerEmail,
          customerPhone: body.customerPhone ?? null,
          appointmentDate: wall,
          duration,
          status,
          notes: body.notes ?? null,
          source: 'online',
        })
        .returning({ id: appointments.id }),
    );
    const customerId = await customerFor(tx, org.id, body);
    await tx.update(appointments).set({ customerId }).where(eq(appointments.id, row.id));
    await scheduleReminders(tx, row.id);
    const recipients = await staffWith(tx, org.id, ['manage_appointments', 'view_appointments']);
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
  try {
    await sendAppointmentMail(db, mail, id, 'created');
  } catch {
    // The booking stands; the outbox shows a failed delivery.
  }
  return { id, appointmentDate: wall, status };
}
