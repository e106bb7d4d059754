// Keeps an appointment's reminder rows in step with the appointment and its organization's settings. Called by
// the appointments feature after every create, change or cancel; the reminder job then sends the due rows.
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentReminders, appointments, reminderSettings, scheduleSettings } from '../../db/schema/index';
import { DEFAULT_SETTINGS, isCancelledStatus, planReminders } from './reminder-plan';
import { resolveTimeZone, wallClockToInstant } from '../../platform/wall-clock';

/** What planning reads of an organization's reminder settings; the defaults when it never saved any. */
export type ReminderPlanSettings = typeof DEFAULT_SETTINGS;

/** What planning reads of an appointment. */
export interface PlannedAppointment {
  id: number;
  organizationId: number;
  status: string;
  appointmentDate: string;
  customerEmail: string | null;
  customerPhone: string | null;
}

export async function reminderSettingsOf(db: DbOrTx, organizationId: number): Promise<ReminderPlanSettings> {
  const [settings] = await db.select().from(reminderSettings).where(eq(reminderSettings.organizationId, organizationId));
  return settings ?? DEFAULT_SETTINGS;
}

/**
 * Inserts the reminders the settings give the appointment (none once cancelled). For an appointment just
 * inserted in the caller's transaction, whose caller already holds the settings and the zone: one statement,
 * where scheduleReminders reads them and the appointment back (the online booking, docs/performance.md).
 */
export async function planAppointmentReminders(db: DbOrTx, appt: PlannedAppointment, settings: ReminderPlanSettings, timeZone: string | null | undefined, now = new Date()): Promise<void> {
  if (isCancelledStatus(appt.status)) return;
  const appointmentAt = wallClockToInstant(appt.appointmentDate, resolveTimeZone(timeZone));
  const planned = planReminders(settings, { email: appt.customerEmail, phone: appt.customerPhone }, appointmentAt, now);
  if (planned.length === 0) return;
  // A reminder already sent for the same channel and timing is not sent again (unique per appointment).
  await db
    .insert(appointmentReminders)
    .values(planned.map((p) => ({ organizationId: appt.organizationId, appointmentId: appt.id, ...p })))
    .onConflictDoNothing();
}

export async function scheduleReminders(db: DbOrTx, appointmentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [appt] = await tx
      .select({
        id: appointments.id,
        organizationId: appointments.organizationId,
        status: appointments.status,
        appointmentDate: appointments.appointmentDate,
        customerEmail: appointments.customerEmail,
        customerPhone: appointments.customerPhone,
      })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    // A deleted appointment took its reminders with it (on delete cascade).
    if (!appt) return;

    // Sent rows stay as the record of what went out; everything not yet sent is planned afresh.
    await tx
      .delete(appointmentReminders)
      .where(
        and(
          eq(appointmentReminders.organizationId, appt.organizationId),
          eq(appointmentReminders.appointmentId, appointmentId),
          ne(appointmentReminders.status, 'sent'),
        ),
      );
    if (isCancelledStatus(appt.status)) return;

    const [settings, [schedule]] = await Promise.all([
      reminderSettingsOf(tx, appt.organizationId),
      tx.select({ timeZone: scheduleSettings.timeZone }).from(scheduleSettings).where(eq(scheduleSettings.organizationId, appt.organizationId)),
    ]);
    await planAppointmentReminders(tx, appt, settings, schedule?.timeZone);
  });
}
