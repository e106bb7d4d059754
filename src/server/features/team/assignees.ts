// Who is on an appointment (docs/rules/team.md#assignment). An assignee row holds its person's time; the
// exclusion constraint appointment_assignees_no_overlap refuses a second hold of the same minutes (drizzle/0021).
import { and, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Assignee } from '../../../contracts/assignees';
import type { DbOrTx } from '../../db/client';
import { appointmentAssignees, users, workOrderAssignees } from '../../db/schema/index';
import { addMinutes, normalize } from '../../platform/wall-clock';
import type { RequestContext } from '../../platform/context';
import { isStaffOf, staffNameSql } from './staff';

/** The wall-clock time an appointment holds of its people: [start - before, start + duration + after). */
export interface Hold {
  wall: string;
  duration: number;
  bufferBefore: number;
  bufferAfter: number;
}

export function heldRange(hold: Hold): { start: string; end: string } {
  const start = normalize(hold.wall);
  return { start: addMinutes(start, -hold.bufferBefore), end: addMinutes(start, hold.duration + hold.bufferAfter) };
}

/** The condition that an assignee row holds time overlapping [start, end). The constraint's own, so its index answers. */
export function holdsDuring(organizationId: number, start: string, end: string): SQL {
  return and(
    eq(appointmentAssignees.organizationId, organizationId),
    eq(appointmentAssignees.active, true),
    sql`tsrange(${appointmentAssignees.startsAt}, ${appointmentAssignees.endsAt}) && tsrange(${start}::timestamp, ${end}::timestamp)`,
  ) as SQL;
}

/** Whether any of the people already holds part of [start, end), leaving out one appointment (the one being moved). */
export async function anyBusy(db: DbOrTx, organizationId: number, userIds: readonly number[], range: { start: string; end: string }, exceptAppointmentId?: number): Promise<boolean> {
  if (userIds.length === 0) return false;
  const rows = await db
    .select({ userId: appointmentAssignees.userId })
    .from(appointmentAssignees)
    .where(
      and(
        holdsDuring(organizationId, range.start, range.end),
        inArray(appointmentAssignees.userId, [...userIds]),
        exceptAppointmentId ? ne(appointmentAssignees.appointmentId, exceptAppointmentId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The people on an appointment now. */
export async function assigneeIdsOf(db: DbOrTx, organizationId: number, appointmentId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: appointmentAssignees.userId })
    .from(appointmentAssignees)
    .where(and(eq(appointmentAssignees.organizationId, organizationId), eq(appointmentAssignees.appointmentId, appointmentId)));
  return rows.map((r) => r.userId);
}

/**
 * Who a staff write puts on a new appointment or job when it names nobody: the caller, when they are on the
 * organization's team (a one-person business books its own calendar), else nobody (docs/rules/team.md#assignment).
 */
export async function callerOnTeam(db: DbOrTx, ctx: RequestContext, organizationId: number): Promise<number[]> {
  if (ctx.user.organizationId !== organizationId) return [];
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ctx.user.id), isStaffOf(organizationId)))
    .limit(1);
  return row ? [row.id] : [];
}

/** Makes the appointment's people exactly `userIds`; the trigger copies its time onto new rows. */
export async function setAppointmentAssignees(db: DbOrTx, organizationId: number, appointmentId: number, userIds: readonly number[]): Promise<void> {
  const mine = and(eq(appointmentAssignees.organizationId, organizationId), eq(appointmentAssignees.appointmentId, appointmentId));
  await db.delete(appointmentAssignees).where(and(mine, userIds.length ? notInArray(appointmentAssignees.userId, [...userIds]) : undefined));
  if (userIds.length === 0) return;
  await db
    .insert(appointmentAssignees)
    // starts_at/ends_at/active are the trigger's to set; these values are placeholders it overwrites.
    .values(userIds.map((userId) => ({ organizationId, appointmentId, userId, startsAt: '1970-01-01T00:00:00', endsAt: '1970-01-01T00:00:00', active: false })))
    // The key as target: without one, ON CONFLICT DO NOTHING would also swallow the exclusion constraint's refusal.
    .onConflictDoNothing({ target: [appointmentAssignees.organizationId, appointmentAssignees.appointmentId, appointmentAssignees.userId] });
}

/** Makes the job's crew exactly `userIds`. */
export async function setWorkOrderAssignees(db: DbOrTx, organizationId: number, workOrderId: number, userIds: readonly number[]): Promise<void> {
  const mine = and(eq(workOrderAssignees.organizationId, organizationId), eq(workOrderAssignees.workOrderId, workOrderId));
  await db.delete(workOrderAssignees).where(and(mine, userIds.length ? notInArray(workOrderAssignees.userId, [...userIds]) : undefined));
  if (userIds.length === 0) return;
  await db
    .insert(workOrderAssignees)
    .values(userIds.map((userId) => ({ organizationId, workOrderId, userId })))
    .onConflictDoNothing({ target: [workOrderAssignees.organizationId, workOrderAssignees.workOrderId, workOrderAssignees.userId] });
}

/** A JSON array of {id, name} of the appointment's people, by name, for a view's select. */
export function appointmentAssigneesSql(organizationId: SQL | unknown, appointmentId: SQL | unknown): SQL<Assignee[]> {
  return sql<Assignee[]>`coalesce((select json_agg(json_build_object('id', ${users.id}, 'name', ${staffNameSql()}) order by ${users.firstName}, ${users.id})
    from ${appointmentAssignees} join ${users} on ${users.id} = ${appointmentAssignees.userId}
    where ${appointmentAssignees.organizationId} = ${organizationId} and ${appointmentAssignees.appointmentId} = ${appointmentId}), '[]'::json)`;
}

/** The same for a job's crew. */
export function workOrderAssigneesSql(organizationId: SQL | unknown, workOrderId: SQL | unknown): SQL<Assignee[]> {
  return sql<Assignee[]>`coalesce((select json_agg(json_build_object('id', ${users.id}, 'name', ${staffNameSql()}) order by ${users.firstName}, ${users.id})
    from ${workOrderAssignees} join ${users} on ${users.id} = ${workOrderAssignees.userId}
    where ${workOrderAssignees.organizationId} = ${organizationId} and ${workOrderAssignees.workOrderId} = ${workOrderId}), '[]'::json)`;
}
