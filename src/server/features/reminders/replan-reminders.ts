// When an organization's reminder settings or its time zone change, the reminders of its coming appointments are
// planned again, so new timings and channels apply to appointments already booked, not only to the next ones.
import { and, eq, gte, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/index';
import { CANCELLED_STATUSES } from './reminder-plan';
import { scheduleReminders } from './schedule-reminders';

export async function replanReminders(db: DbOrTx, organizationId: number, now = new Date()): Promise<number> {
  // Wall-clock dates a day back cover every time zone; reminders already due are not planned anyway.
  const from = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 19);
  const coming = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), gte(appointments.appointmentDate, from), notInArray(appointments.status, [...CANCELLED_STATUSES])));
  for (const { id } of coming) await scheduleReminders(db, id);
  return coming.length;
}
