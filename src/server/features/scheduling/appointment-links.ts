// The customer's link to reschedule or cancel (docs/rules/scheduling.md#changing-by-link): a random token per
// e-mail, kept hashed; the organization's allowCancellation and cancellationHours decide what it may do.
import { and, eq, sql } from 'drizzle-orm';
import { CHANGE_MESSAGES, SCHEDULING_DEFAULTS, SCHEDULING_MESSAGES, parseLocalDateTime, type ManagedAppointment, type RescheduleBody } from '../../../contracts/scheduling';
import { publicStaffName } from '../../../contracts/team';
import type { Db, DbOrTx } from '../../db/client';
import { appointmentAssignees, appointmentLinks, appointments, organizations, scheduleSettings, services, users } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { describeWallClock, instantOf, normalize } from '../../platform/wall-clock';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { scheduleReminders } from '../reminders/schedule-reminders';
import { heldRange, setAppointmentAssignees } from '../team/assignees';
import { freePerformers } from '../team/availability';
import { sendAppointmentMail } from './appointment-mail';
import { slotLockKeys, slotTakenAsConflict, type MailDeps } from './appointment-writes';
import { bookingRefusal, type SettingsRow } from './booking-rules';
import { releaseLapsedHolds } from './booking-holds';
import { emitWebhookEvent } from '../webhooks/emit-event';

interface Found {
  appt: typeof appointments.$inferSelect;
  settings: SettingsRow | null;
  serviceName: string | null;
  org: ManagedAppointment['organization'];
}

async function findByToken(db: DbOrTx, token: string, forUpdate = false): Promise<Found> {
  const [link] = await db.select({ appointmentId: appointmentLinks.appointmentId, organizationId: appointmentLinks.organizationId }).from(appointmentLinks).where(eq(appointmentLinks.tokenHash, hashToken(token))).limit(1);
  if (!link) throw notFound(CHANGE_MESSAGES.notFound);
  const base = db
    .select({
      appt: appointments,
      settings: scheduleSettings,
      serviceName: services.name,
      org: { name: organizations.name, slug: organizations.slug, phone: organizations.phone, email: organizations.email, logo: organizations.logo },
    })
    .from(appointments)
    .innerJoin(organizations, eq(organizations.id, appointments.organizationId))
    .leftJoin(scheduleSettings, eq(scheduleSettings.organizationId, appointments.organizationId))
    .leftJoin(services, and(eq(services.id, appointments.serviceId), eq(services.organizationId, appointments.organizationId)))
    .where(and(eq(appointments.id, link.appointmentId), eq(appointments.organizationId, link.organizationId)))
    .limit(1);
  const [row] = forUpdate ? await base.for('update', { of: appointments }) : await base;
  if (!row) throw notFound(CHANGE_MESSAGES.notFound);
  return row;
}

/** Why the customer may not change the appointment now, or null when they may. */
function refusal(found: Found, now: Date): string | null {
  const { appt, settings } = found;
  if (appt.status === 'cancelled') return CHANGE_MESSAGES.cancelled;
  const timeZone = settings?.timeZone ?? SCHEDULING_DEFAULTS.timeZone;
  const start = instantOf(normalize(appt.appointmentDate), timeZone);
  if (!start || start.getTime() <= now.getTime()) return CHANGE_MESSAGES.past;
  if (!settings || !settings.allowCancellation) return CHANGE_MESSAGES.off;
  const hours = settings.cancellationHours;
  if (start.getTime() - now.getTime() < hours * 3_600_000) return CHANGE_MESSAGES.tooLate(hours);
  return null;
}

async function staffNameOf(db: DbOrTx, organizationId: number, appointmentId: number): Promise<string | null> {
  const [person] = await db
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(appointmentAssignees)
    .innerJoin(users, eq(users.id, appointmentAssignees.userId))
    .where(and(eq(appointmentAssignees.organizationId, organizationId), eq(appointmentAssignees.appointmentId, appointmentId)))
    .orderBy(users.id)
    .limit(1);
  return person ? publicStaffName(person.first, person.last, person.email) : null;
}

export async function managedAppointment(db: Db, token: string, now = new Date()): Promise<ManagedAppointment> {
  const found = await findByToken(db, token);
  const why = refusal(found, now);
  return {
    organization: found.org,
    appointment: {
      serviceId: found.appt.serviceId,
      serviceName: found.serviceName,
      appointmentDate: normalize(found.appt.appointmentDate),
      duration: found.appt.duration,
      status: found.appt.status,
      staffName: await staffNameOf(db, found.appt.organizationId, found.appt.id),
      timeZone: found.settings?.timeZone ?? SCHEDULING_DEFAULTS.timeZone,
    },
    canChange: why === null,
    reason: why,
    cancellationHours: found.settings?.cancellationHours ?? SCHEDULING_DEFAULTS.cancellationHours,
  };
}

/** The people who hear of a customer's change: those who schedule, and whoever is on the appointment. */
async function tellStaff(db: DbOrTx, appt: { organizationId: number; id: number; customerName: string | null }, title: string, body: string): Promise<void> {
  const schedulers = await staffWith(db, appt.organizationId, ['manage_appointments']);
  const assigned = (await db.select({ userId: appointmentAssignees.userId }).from(appointmentAssignees).where(and(eq(appointmentAssignees.organizationId, appt.organizationId), eq(appointmentAssignees.appointmentId, appt.id)))).map((r) => r.userId);
  const recipients = [...new Set([...schedulers, ...assigned])];
  await notifyStaff(db, recipients, [{ organizationId: appt.organizationId, type: 'booking_changed', title, body, link: '/scheduling', entityType: 'appointment', entityId: appt.id }]);
}

export async function cancelByLink(db: Db, mail: MailDeps, token: string, now = new Date()): Promise<ManagedAppointment> {
  const id = await db.transaction(async (tx) => {
    const found = await findByToken(tx, token, true);
    const why = refusal(found, now);
    if (why) throw conflict(why);
    await tx.update(appointments).set({ status: 'cancelled', calendarSequence: sql`${appointments.calendarSequence} + 1` }).where(eq(appointments.id, found.appt.id));
    await scheduleReminders(tx, found.appt.id);
    await emitWebhookEvent(tx, found.appt.organizationId, 'appointment.cancelled', found.appt.id);
    await tellStaff(tx, found.appt, 'Appointment cancelled by the customer', `${found.appt.customerName ?? found.appt.customerEmail} cancelled ${found.serviceName ?? 'an appointment'} on ${describeWallClock(normalize(found.appt.appointmentDate))}`);
    return found.appt.id;
  });
  mail.afterCommit.run(() => sendAppointmentMail(db, mail, id, 'cancelled'));
  return managedAppointment(db, token, now);
}

/**
 * Moves the appointment to a time the booking page would offer. The person coming stays when they are free then;
 * otherwise whoever performs the service and is free takes it (docs/rules/scheduling.md#changing-by-link).
 */
export async function rescheduleByLink(db: Db, mail: MailDeps, token: string, body: RescheduleBody, now = new Date()): Promise<ManagedAppointment> {
  const parsed = parseLocalDateTime(body.appointmentDate);
  if (!parsed?.time) throw invalid(SCHEDULING_MESSAGES.bookingDate, [{ path: 'appointmentDate', message: SCHEDULING_MESSAGES.bookingDate }]);
  const wall = `${parsed.date}T${parsed.time}:00`;
  const id = await db.transaction(async (tx) => {
    const found = await findByToken(tx, token, true);
    const why = refusal(found, now);
    if (why) throw conflict(why);
    const { appt, settings } = found;
    if (!settings) throw conflict(CHANGE_MESSAGES.off);
    if (wall === normalize(appt.appointmentDate)) throw invalid(CHANGE_MESSAGES.sameTime, [{ path: 'appointmentDate', message: CHANGE_MESSAGES.sameTime }]);
    const newRefusal = bookingRefusal(settings, wall, appt.duration, now);
    if (newRefusal) throw invalid(newRefusal, [{ path: 'appointmentDate', message: newRefusal }]);
    const hold = { wall, duration: appt.duration, bufferBefore: appt.bufferBefore, bufferAfter: appt.bufferAfter };
    await tx.execute(sql`select count(pg_advisory_xact_lock(k.a, k.b)) from (${slotLockKeys(appt.organizationId, heldRange(hold))}) k`);
    // A lapsed hold on the new time is shown free on the page: let it go (docs/rules/scheduling.md#holding-a-booking).
    await releaseLapsedHolds(tx, appt.organizationId, heldRange(hold));
    const current = (await tx.select({ userId: appointmentAssignees.userId }).from(appointmentAssignees).where(and(eq(appointmentAssignees.organizationId, appt.organizationId), eq(appointmentAssignees.appointmentId, appt.id)))).map((r) => r.userId);
    const free = await freePerformers(tx, appt.organizationId, appt.serviceId, hold, undefined, appt.id);
    const stays = current.length > 0 && current.every((u) => free.includes(u)) ? current : null;
    const people = stays ?? (free.length ? [free[0]] : null);
    if (!people) throw conflict(SCHEDULING_MESSAGES.slotTaken);
    await slotTakenAsConflict(async () => {
      await tx.update(appointments).set({ appointmentDate: wall, calendarSequence: sql`${appointments.calendarSequence} + 1` }).where(eq(appointments.id, appt.id));
      await setAppointmentAssignees(tx, appt.organizationId, appt.id, people);
    });
    await scheduleReminders(tx, appt.id);
    await emitWebhookEvent(tx, appt.organizationId, 'appointment.changed', appt.id);
    await tellStaff(tx, appt, 'Appointment moved by the customer', `${appt.customerName ?? appt.customerEmail} moved ${found.serviceName ?? 'an appointment'} from ${describeWallClock(normalize(appt.appointmentDate))} to ${describeWallClock(wall)}`);
    return appt.id;
  });
  mail.afterCommit.run(() => sendAppointmentMail(db, mail, id, 'updated'));
  return managedAppointment(db, token, now);
}
