// The team screen's calls (docs/rules/team.md): staff members with their hours, and time off.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { StaffMember, TimeOff, TimeOffBody, UpdateStaffMemberBody } from '../../../contracts/team';
import { TEAM_LIMITS } from '../../../contracts/team';
import type { Db, DbOrTx } from '../../db/client';
import { staffProfiles, staffTimeOff, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';
import { normalize, todayIn } from '../../platform/wall-clock';
import { settingsOf } from '../scheduling/booking-rules';
import { organizationInScope } from '../scheduling/organization-scope';
import { isStaffOf, listStaff } from './staff';
import { SCHEDULING_DEFAULTS } from '../../../contracts/scheduling';

export async function listTeam(db: Db, ctx: RequestContext, requested?: number): Promise<StaffMember[]> {
  const organizationId = organizationInScope(ctx, requested);
  if (organizationId === null) return [];
  return listStaff(db, organizationId, await settingsOf(db, organizationId));
}

/** The staff member `userId` of the caller's organization; 404 for anyone else, another organization's included. */
async function memberOf(db: DbOrTx, ctx: RequestContext, userId: number, requested?: number): Promise<number> {
  const organizationId = organizationForWrite(ctx, requested);
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isStaffOf(organizationId))).limit(1);
  if (!row) throw notFound('Staff member not found');
  return organizationId;
}

/** Everyone's time off is the manager's to keep; a staff member may keep their own. */
function mayKeepTimeOff(ctx: RequestContext, userId: number): void {
  if (ctx.permissions.has('manage_appointments') || ctx.user.id === userId) return;
  throw forbidden('Only a manager can change another person’s time off');
}

export async function updateStaffMember(db: Db, ctx: RequestContext, userId: number, body: UpdateStaffMemberBody, requested?: number): Promise<StaffMember> {
  const organizationId = await memberOf(db, ctx, userId, requested);
  const set = { ...(body.hours !== undefined ? { hours: body.hours } : {}), ...(body.bookable !== undefined ? { bookable: body.bookable } : {}), updatedAt: new Date() };
  await db
    .insert(staffProfiles)
    .values({ organizationId, userId, hours: body.hours ?? null, bookable: body.bookable ?? true })
    .onConflictDoUpdate({ target: [staffProfiles.organizationId, staffProfiles.userId], set });
  const team = await listStaff(db, organizationId, await settingsOf(db, organizationId));
  const member = team.find((m) => m.id === userId);
  if (!member) throw notFound('Staff member not found');
  return member;
}

const toTimeOff = (r: typeof staffTimeOff.$inferSelect): TimeOff => ({ id: r.id, userId: r.userId, startsAt: normalize(r.startsAt), endsAt: normalize(r.endsAt), reason: r.reason });

/** A person's time off that has not ended before `from` (today in the organization's zone when left out). */
export async function listTimeOff(db: Db, ctx: RequestContext, userId: number, from?: string, requested?: number): Promise<TimeOff[]> {
  const organizationId = await memberOf(db, ctx, userId, requested);
  const timeZone = (await settingsOf(db, organizationId))?.timeZone ?? SCHEDULING_DEFAULTS.timeZone;
  const rows = await db
    .select()
    .from(staffTimeOff)
    .where(and(eq(staffTimeOff.organizationId, organizationId), eq(staffTimeOff.userId, userId), gt(staffTimeOff.endsAt, `${from ?? todayIn(timeZone)}T00:00:00`)))
    .orderBy(asc(staffTimeOff.startsAt), asc(staffTimeOff.id))
    .limit(TEAM_LIMITS.maxTimeOff);
  return rows.map(toTimeOff);
}

export async function addTimeOff(db: Db, ctx: RequestContext, userId: number, body: TimeOffBody, requested?: number): Promise<TimeOff> {
  mayKeepTimeOff(ctx, userId);
  const organizationId = await memberOf(db, ctx, userId, requested);
  const [row] = await db
    .insert(staffTimeOff)
    .values({ organizationId, userId, startsAt: body.startsAt, endsAt: body.endsAt, reason: body.reason ?? null })
    .returning();
  return toTimeOff(row);
}

export async function removeTimeOff(db: Db, ctx: RequestContext, id: number, requested?: number): Promise<void> {
  const organizationId = organizationForWrite(ctx, requested);
  const [row] = await db.select().from(staffTimeOff).where(and(eq(staffTimeOff.id, id), eq(staffTimeOff.organizationId, organizationId))).limit(1);
  if (!row) throw notFound('Time off not found');
  mayKeepTimeOff(ctx, row.userId);
  await db.delete(staffTimeOff).where(eq(staffTimeOff.id, row.id));
}
