// The organization's booking settings: read, first setup (with an unguessable public token), change.
import { randomBytes } from 'node:crypto';
import { replanReminders } from '../reminders/replan-reminders';
import { eq } from 'drizzle-orm';
import { BOOKING_HOLD_MESSAGES, minutesOf, SCHEDULING_MESSAGES, WEEKDAYS, type ScheduleSettings, type ScheduleSettingsBody } from '../../../contracts/scheduling';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { scheduleSettings } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import { organizationForWrite, tenantScope, tenantWhere } from '../../platform/tenancy';
import { ensureOrganization, organizationInScope } from './organization-scope';
import type { SettingsRow } from './booking-rules';
import { writeAudit } from '../audit/write-audit';
import { takesCardsOnline } from './booking-holds';

export function toSettingsResponse(row: SettingsRow): ScheduleSettings {
  return Object.fromEntries(Object.entries(row)) as unknown as ScheduleSettings;
}

/** 192 random bits: the public booking link cannot be guessed from the organization. */
export const newScheduleToken = () => randomBytes(24).toString('base64url');

export async function getScheduleSettings(db: Db, ctx: RequestContext, requested?: number): Promise<ScheduleSettings | null> {
  const organizationId = organizationInScope(ctx, requested);
  if (organizationId === null) return null;
  const [row] = await db.select().from(scheduleSettings).where(eq(scheduleSettings.organizationId, organizationId)).limit(1);
  return row ? toSettingsResponse(row) : null;
}

function fieldsOf(body: ScheduleSettingsBody): Partial<typeof scheduleSettings.$inferInsert> {
  const { organizationId: _ignored, ...fields } = body;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** Every day's window must still open before it closes once the change is applied to the stored row. */
function checkMergedWindows(merged: Record<string, unknown>) {
  for (const d of WEEKDAYS) {
    if (minutesOf(String(merged[`${d}Start`])) >= minutesOf(String(merged[`${d}End`]))) {
      throw invalid(`${d}End: ${SCHEDULING_MESSAGES.dayWindow}`, [{ path: `${d}End`, message: SCHEDULING_MESSAGES.dayWindow }]);
    }
  }
}

/**
 * A deposit or a card on file to hold online bookings (docs/rules/scheduling.md#holding-a-booking) needs a processor that
 * takes cards online (the built-in test gateway counts): with payments recorded by hand it could never be given (400).
 */
async function checkBookingHold(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, organizationId: number, body: ScheduleSettingsBody): Promise<void> {
  if (!body.bookingHold || body.bookingHold === 'none') return;
  if (await takesCardsOnline(db, config, organizationId)) return;
  throw invalid(`bookingHold: ${BOOKING_HOLD_MESSAGES.needsProcessor}`, [{ path: 'bookingHold', message: BOOKING_HOLD_MESSAGES.needsProcessor }]);
}

/** Asking customers for money or a card is recorded in the audit log, like the organization's other payment settings. */
async function auditBookingHold(db: DbOrTx, ctx: RequestContext, before: SettingsRow | null, after: SettingsRow): Promise<void> {
  if (before && before.bookingHold === after.bookingHold && before.bookingDepositPercent === after.bookingDepositPercent) return;
  if (!before && after.bookingHold === 'none') return;
  await writeAudit(db, ctx, {
    action: 'schedule_settings.booking_hold',
    entityType: 'schedule_settings',
    entityId: after.id,
    organizationId: after.organizationId,
    details: { from: before ? { hold: before.bookingHold, depositPercent: before.bookingDepositPercent } : null, to: { hold: after.bookingHold, depositPercent: after.bookingDepositPercent } },
  });
}

const DEFAULT_WINDOW = { start: '09:00', end: '17:00' };

export async function createScheduleSettings(db: Db, config: Pick<Config, 'APP_SECRET'>, ctx: RequestContext, body: ScheduleSettingsBody): Promise<ScheduleSettings> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  await ensureOrganization(db, ctx, organizationId);
  await checkBookingHold(db, config, organizationId, body);
  const fields = fieldsOf(body);
  const merged: Record<string, unknown> = { ...fields };
  for (const d of WEEKDAYS) {
    merged[`${d}Start`] ??= DEFAULT_WINDOW.start;
    merged[`${d}End`] ??= DEFAULT_WINDOW.end;
  }
  checkMergedWindows(merged);
  const [row] = await db
    .insert(scheduleSettings)
    .values({ ...fields, organizationId, scheduleToken: newScheduleToken() })
    .onConflictDoNothing({ target: scheduleSettings.organizationId })
    .returning();
  if (!row) throw conflict('Schedule settings already exist');
  await auditBookingHold(db, ctx, null, row);
  return toSettingsResponse(row);
}

export async function updateScheduleSettings(db: Db, config: Pick<Config, 'APP_SECRET'>, ctx: RequestContext, id: number, body: ScheduleSettingsBody): Promise<ScheduleSettings> {
  return db.transaction(async (tx) => {
    const scope = tenantWhere(tenantScope(ctx), scheduleSettings, eq(scheduleSettings.id, id));
    const [current] = await tx.select().from(scheduleSettings).where(scope).for('update').limit(1);
    if (!current) throw notFound('Schedule settings not found');
    const fields = fieldsOf(body);
    checkMergedWindows({ ...current, ...fields });
    await checkBookingHold(tx, config, current.organizationId, body);
    if (Object.keys(fields).length === 0) return toSettingsResponse(current);
    const [row] = await tx.update(scheduleSettings).set(fields).where(scope).returning();
    await auditBookingHold(tx, ctx, current, row);
    // Reminders are instants computed in the organization's time zone: a new zone moves them.
    if (row.timeZone !== current.timeZone) await replanReminders(tx, row.organizationId);
    return toSettingsResponse(row);
  });
}
