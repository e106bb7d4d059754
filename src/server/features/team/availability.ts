// Who can take a booking at a time (docs/rules/team.md#online-booking): the service's performers (every bookable
// staff member when it names none), inside their own hours when they have them, not on time off, and not holding
// any of the time the booking would hold with its buffers.
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { HELD_STATUS, minutesOf } from '../../../contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { appointmentAssignees, appointments, servicePerformers, staffProfiles, staffTimeOff, users, type DayHours } from '../../db/schema/index';
import { addDays, addMinutes, normalize, weekdayOf } from '../../platform/wall-clock';
import { heldRange, type Hold } from './assignees';
import { isStaffOf } from './staff';

export interface Performer {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** Their own week from Sunday, or null for the organization's (which the booking window already applies). */
  hours: DayHours[] | null;
}

/** The bookable staff who may perform the service, optionally only one of them. */
export async function performersOf(db: DbOrTx, organizationId: number, serviceId: number | null, onlyUserId?: number): Promise<Performer[]> {
  const named = serviceId
    ? sql`exists (select 1 from ${servicePerformers} where ${servicePerformers.organizationId} = ${organizationId} and ${servicePerformers.serviceId} = ${serviceId})`
    : sql`false`;
  const listed = serviceId
    ? sql`exists (select 1 from ${servicePerformers} where ${servicePerformers.organizationId} = ${organizationId} and ${servicePerformers.serviceId} = ${serviceId} and ${servicePerformers.userId} = ${users.id})`
    : sql`false`;
  return db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, hours: staffProfiles.hours })
    .from(users)
    .leftJoin(staffProfiles, and(eq(staffProfiles.userId, users.id), eq(staffProfiles.organizationId, organizationId)))
    .where(
      and(
        isStaffOf(organizationId),
        or(isNull(staffProfiles.bookable), eq(staffProfiles.bookable, true)),
        sql`(not ${named} or ${listed})`,
        onlyUserId ? eq(users.id, onlyUserId) : undefined,
      ),
    )
    .orderBy(asc(users.id));
}

interface Span {
  start: string;
  end: string;
}

/** Each person's held time and time off touching the days from `first` to `last` (wall clock), by person. */
export async function commitments(db: DbOrTx, organizationId: number, userIds: readonly number[], first: string, last: string, exceptAppointmentId?: number): Promise<Map<number, Span[]>> {
  const byUser = new Map<number, Span[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  // A day's bookings with their buffers may begin the evening before and end the morning after.
  const from = `${addDays(first, -1)}T00:00:00`;
  const to = `${addDays(last, 2)}T00:00:00`;
  const ids = [...userIds];
  const [held, away] = await Promise.all([
    db
      .select({ userId: appointmentAssignees.userId, start: appointmentAssignees.startsAt, end: appointmentAssignees.endsAt })
      .from(appointmentAssignees)
      .where(and(eq(appointmentAssignees.organizationId, organizationId), eq(appointmentAssignees.active, true), inArray(appointmentAssignees.userId, ids), lt(appointmentAssignees.startsAt, to), gt(appointmentAssignees.endsAt, from),
          exceptAppointmentId ? ne(appointmentAssignees.appointmentId, exceptAppointmentId) : undefined,
          // An online booking whose deposit or card did not come in time holds nothing, even before anything cancels
          // it: the slots offer its time at once, and a booking of it lets it go first (docs/rules/scheduling.md#holding-a-booking).
          sql`not exists (select 1 from ${appointments} where ${appointments.organizationId} = ${appointmentAssignees.organizationId}
            and ${appointments.id} = ${appointmentAssignees.appointmentId} and ${appointments.status} = ${HELD_STATUS} and ${appointments.holdExpiresAt} <= now())`,
        ),
      ),
    db
      .select({ userId: staffTimeOff.userId, start: staffTimeOff.startsAt, end: staffTimeOff.endsAt })
      .from(staffTimeOff)
      .where(and(eq(staffTimeOff.organizationId, organizationId), inArray(staffTimeOff.userId, ids), lt(staffTimeOff.startsAt, to), gt(staffTimeOff.endsAt, from))),
  ]);
  for (const r of [...held, ...away]) byUser.get(r.userId)?.push({ start: normalize(r.start), end: normalize(r.end) });
  return byUser;
}

/** Whether [wall, wall + duration) lies inside the person's own hours for that day (true when they keep the organization's). */
export function withinOwnHours(performer: Performer, wall: string, duration: number): boolean {
  if (!performer.hours) return true;
  const day = performer.hours[weekdayOf(wall.slice(0, 10))];
  if (!day?.enabled) return false;
  const from = minutesOf(wall.slice(11, 16));
  return from >= minutesOf(day.start) && from + duration <= minutesOf(day.end);
}

/** Whether the person can take the hold: within their hours, and nothing of theirs overlaps its time with buffers. */
export function isFree(performer: Performer, spans: readonly Span[], hold: Hold): boolean {
  if (!withinOwnHours(performer, normalize(hold.wall), hold.duration)) return false;
  const range = heldRange(hold);
  return !spans.some((s) => s.start < range.end && s.end > range.start);
}

/** Minutes a person already holds on the day: "any available" gives the booking to the least busy. */
function minutesOn(spans: readonly Span[], date: string): number {
  const dayStart = `${date}T00:00:00`;
  const dayEnd = `${addDays(date, 1)}T00:00:00`;
  return spans.reduce((sum, s) => {
    const start = s.start > dayStart ? s.start : dayStart;
    const end = s.end < dayEnd ? s.end : dayEnd;
    return end > start ? sum + (Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / 60_000 : sum;
  }, 0);
}

/**
 * The people free for the hold, least busy that day first (then by id, so the choice is repeatable). An appointment
 * being moved (`exceptAppointmentId`) does not stand in its own way.
 */
export async function freePerformers(db: DbOrTx, organizationId: number, serviceId: number | null, hold: Hold, onlyUserId?: number, exceptAppointmentId?: number): Promise<number[]> {
  const people = await performersOf(db, organizationId, serviceId, onlyUserId);
  const wall = normalize(hold.wall);
  const date = wall.slice(0, 10);
  const spans = await commitments(db, organizationId, people.map((p) => p.userId), date, addMinutes(wall, hold.duration).slice(0, 10), exceptAppointmentId);
  return people
    .filter((p) => isFree(p, spans.get(p.userId) ?? [], hold))
    .map((p) => ({ id: p.userId, busy: minutesOn(spans.get(p.userId) ?? [], date) }))
    .sort((a, b) => a.busy - b.busy || a.id - b.id)
    .map((p) => p.id);
}
