// The organization's reminder settings: read, create, change (id first, then fields, like every update).
import { eq } from 'drizzle-orm';
import type { ReminderSettings, ReminderSettingsBody } from '../../../contracts/scheduling';
import type { Db } from '../../db/client';
import { reminderSettings } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { organizationForWrite, tenantScope, tenantWhere } from '../../platform/tenancy';
import { ensureOrganization, organizationInScope } from './organization-scope';
import { replanReminders } from '../reminders/replan-reminders';

type Row = typeof reminderSettings.$inferSelect;

export function toReminderSettingsResponse(row: Row): ReminderSettings {
  return {
    id: row.id,
    organizationId: row.organizationId,
    isEnabled: row.isEnabled,
    defaultTiming: row.defaultTiming,
    emailEnabled: row.emailEnabled,
    smsEnabled: row.smsEnabled,
    emailTemplate: row.emailTemplate,
    smsTemplate: row.smsTemplate,
    customTimings: [...(row.customTimings ?? [])].sort((a, b) => a - b),
  };
}

function fieldsOf(body: ReminderSettingsBody): Partial<typeof reminderSettings.$inferInsert> {
  const { organizationId: _ignored, ...fields } = body;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

export async function getReminderSettings(db: Db, ctx: RequestContext, requested?: number): Promise<ReminderSettings | null> {
  const organizationId = organizationInScope(ctx, requested);
  if (organizationId === null) return null;
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.organizationId, organizationId)).limit(1);
  return row ? toReminderSettingsResponse(row) : null;
}

export async function createReminderSettings(db: Db, ctx: RequestContext, body: ReminderSettingsBody): Promise<ReminderSettings> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  await ensureOrganization(db, ctx, organizationId);
  const [row] = await db
    .insert(reminderSettings)
    .values({ ...fieldsOf(body), organizationId })
    .onConflictDoNothing({ target: reminderSettings.organizationId })
    .returning();
  if (!row) throw conflict('Reminder settings already exist');
  await replanReminders(db, organizationId);
  return toReminderSettingsResponse(row);
}

export async function updateReminderSettings(db: Db, ctx: RequestContext, id: number, body: ReminderSettingsBody): Promise<ReminderSettings> {
  const fields = fieldsOf(body);
  const scope = tenantWhere(tenantScope(ctx), reminderSettings, eq(reminderSettings.id, id));
  const [row] =
    Object.keys(fields).length > 0
      ? await db.update(reminderSettings).set(fields).where(scope).returning()
      : await db.select().from(reminderSettings).where(scope).limit(1);
  if (!row) throw notFound('Settings not found');
  // New timings and channels apply to the appointments already booked, not only to the next ones.
  if (Object.keys(fields).length > 0) await replanReminders(db, row.organizationId);
  return toReminderSettingsResponse(row);
}
