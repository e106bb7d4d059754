// Records the reminder tests start from, inserted straight into the test app's database.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentReminders, appointments, organizations, reminderSettings, scheduleSettings, services } from '../../db/schema/index';

type Org = typeof organizations.$inferSelect;

export async function setUpReminders(
  db: Db,
  org: Org,
  opts: { timeZone?: string; settings?: Partial<typeof reminderSettings.$inferInsert> | null } = {},
): Promise<void> {
  await db.insert(scheduleSettings).values({ organizationId: org.id, scheduleToken: randomUUID(), timeZone: opts.timeZone ?? 'America/New_York' });
  if (opts.settings !== null) {
    await db.insert(reminderSettings).values({ organizationId: org.id, customTimings: [], ...opts.settings });
  }
}

export async function createAppointment(db: Db, org: Org, values: Partial<typeof appointments.$inferInsert> & { appointmentDate: string }) {
  const [service] = await db.insert(services).values({ organizationId: org.id, name: 'Lawn care' }).returning();
  const [appt] = await db
    .insert(appointments)
    .values({ organizationId: org.id, serviceId: service.id, customerName: 'Zoë O\'Brien', customerEmail: 'zoe@example.com', ...values })
    .returning();
  return appt;
}

export async function remindersOf(db: Db, appointmentId: number) {
  const rows = await db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, appointmentId));
  return rows.sort((a, b) => a.reminderType.localeCompare(b.reminderType) || a.reminderTiming - b.reminderTiming);
}
