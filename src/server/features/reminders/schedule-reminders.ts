// Keeps an appointment's reminder rows in step with the appointment and its organization's settings. Called by
// the appointments feature after every create, change or cancel; the reminder job then sends the due rows.
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentReminders, appointments, reminderSettings, scheduleSettings } from '../../db/schema/index';
import { DEFAULT_SETTINGS, isCancelledStatus, planReminders } from './reminder-plan';
import { resolveTimeZone, wallClockToInstant } from '../../platform/wall-clock';

export async function scheduleReminders(db: DbOrTx, appointmentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [appt] = await tx
      .select({
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

    const [[settings], [schedule]] = await Promise.all([
      tx.select().from(reminderSettings).where(eq(reminderSettings.organizationId, appt.organizationId)),
      tx.select({ timeZone: scheduleSettings.timeZone }).from(scheduleSettings).where(eq(scheduleSettings.organizationId, appt.organizationId)),
    ]);
    const appointmentAt = wallClockToInstant(appt.appointmentDate, resolveTimeZone(schedule?.timeZone));
    const planned = planReminders(settings ?? DEFAULT_SETTINGS, { email: appt.customerEmail, phone: appt.customerPhone }, appointmentAt, new Date());
    if (planned.length === 0) return;

    // A reminder already sent for the same channel and timing is not sent again (unique per appointment).
    await tx
      .insert(appointmentReminders)
      .values(planned.map((p) => ({ organizationId: appt.organizationId, appointmentId, ...p })))
      .onConflictDoNothing();
  });
}
