// Keeps an appointment's reminder rows in step with the appointment and its organization's settings. Called by
// the appointments feature after every create, change or cancel; the reminder job then sends the due rows.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentReminders, appointments, reminderSettings, scheduleSettings } from '../../db/schema/index';
import { DEFAULT_SETTINGS, isCancelledStatus, planReminders } from './reminder-plan';
import { resolveTimeZone, wallClockToInstant } from '../../platform/wall-clock';

/** What planning reads of an organization's reminder settings; the defaults when it never saved any. */
export type ReminderPlanSettings = typeof DEFAULT_SETTINGS;

/** What planning reads of an appointment. */
export interface PlannedAppointment {
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
 * What planning reads of the settings of the organization `organizationId` names, as a subquery giving one JSON text
 * (null when it never saved any), for a statement that reads them beside other things; parse with parseReminderSettings.
 */
export function reminderSettingsJsonSql(organizationId: SQL): SQL {
  const r = reminderSettings;
  return sql`(select json_build_object('isEnabled', ${r.isEnabled}, 'emailEnabled', ${r.emailEnabled}, 'smsEnabled', ${r.smsEnabled}, 'defaultTiming', ${r.defaultTiming}, 'customTimings', ${r.customTimings})::text from ${r} where ${r.organizationId} = ${organizationId})`;
}

export function parseReminderSettings(text: string | null): ReminderPlanSettings {
  return text === null ? DEFAULT_SETTINGS : (JSON.parse(text) as ReminderPlanSettings);
}

/**
 * The reminder rows the settings give an appointment (none once cancelled), before it has an id: for a statement that
 * inserts the appointment and its reminders together (the online booking).
 */
export function remindersFor(appt: PlannedAppointment, settings: ReminderPlanSettings, timeZone: string | null | undefined, now = new Date()) {
  if (isCancelledStatus(appt.status)) return [];
  const appointmentAt = wallClockToInstant(appt.appointmentDate, resolveTimeZone(timeZone));
  return planReminders(settings, { email: appt.customerEmail, phone: appt.customerPhone }, appointmentAt, now);
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
    const planned = remindersFor(appt, settings, schedule?.timeZone);
    if (planned.length === 0) return;
    // A reminder already sent for the same channel and timing is not sent again (unique per appointment).
    await tx
      .insert(appointmentReminders)
      .values(planned.map((p) => ({ organizationId: appt.organizationId, appointmentId: appt.id, ...p })))
      .onConflictDoNothing();
  });
}
