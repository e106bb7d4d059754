// Repeating visits (docs/rules/scheduling.md#repeating-visits): a series is an RFC 5545 rule and what each visit
// copies. Its visits are ordinary appointments made ahead for REPEAT_LIMITS.horizonDays and extended every day; each
// is made once, under the series row's lock and the (series, rule start) key, and holds its people's time like any
// other appointment.
import { and, asc, eq, gt, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { describeRule, REPEAT_LIMITS, REPEAT_MESSAGES, repeatOf, ruleFor, ruleWithCount, ruleEndingBefore, type Repeat } from '../../../contracts/repeat';
import { HELD_STATUS, SCHEDULING_DEFAULTS, SCHEDULING_MESSAGES } from '../../../contracts/scheduling';
import type { Db, DbOrTx } from '../../db/client';
import { appointmentSeries, appointments, users } from '../../db/schema/index';
import { AppError, conflict, invalid } from '../../platform/errors';
import { addDays, formatWallClockDate, normalize, todayIn, weekdayOf } from '../../platform/wall-clock';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { scheduleReminders } from '../reminders/schedule-reminders';
import { isStaffOf } from '../team/staff';
import { settingsOf } from './booking-rules';
import { insertVisit, type VisitTemplate } from './insert-visit';
import { bookableWall, countBefore, hasOccurrenceFrom, occurrencesBetween } from './series-occurrences';
import { emitWebhookEvent } from '../webhooks/emit-event';

type SeriesRow = typeof appointmentSeries.$inferSelect;

/** Visits that have happened keep their series and stay as they are when later ones change. */
const SETTLED = ['completed', 'no_show'];

async function timeZoneOf(db: DbOrTx, organizationId: number): Promise<string> {
  return (await settingsOf(db, organizationId))?.timeZone ?? SCHEDULING_DEFAULTS.timeZone;
}

/** The wall-clock end of the made-ahead window: midnight after the horizon's last day. */
export function horizonEnd(timeZone: string, now = new Date()): string {
  return `${addDays(todayIn(timeZone, now), REPEAT_LIMITS.horizonDays + 1)}T00:00:00`;
}

const weekdayError = () => invalid(`repeat.weekdays: The first visit must fall on one of the chosen days`, [{ path: 'repeat.weekdays', message: 'The first visit must fall on one of the chosen days' }]);

/** The rule for a choice starting at `firstWall`; the first visit must be one the rule makes. */
export function checkedRule(repeat: Repeat, firstWall: string): string {
  const date = firstWall.slice(0, 10);
  if (repeat.weekdays?.length && repeat.unit === 'week' && !repeat.weekdays.includes(weekdayOf(date))) throw weekdayError();
  if (repeat.until && repeat.until < date) throw invalid(`repeat.until: ${REPEAT_MESSAGES.untilBefore}`, [{ path: 'repeat.until', message: REPEAT_MESSAGES.untilBefore }]);
  return ruleFor(repeat, date);
}

function templateOf(s: SeriesRow): VisitTemplate {
  return {
    organizationId: s.organizationId,
    serviceId: s.serviceId,
    customerId: s.customerId,
    customerName: s.customerName,
    customerEmail: s.customerEmail,
    customerPhone: s.customerPhone,
    duration: s.duration,
    bufferBefore: s.bufferBefore,
    bufferAfter: s.bufferAfter,
    notes: s.notes,
    workOrderId: s.workOrderId,
  };
}

/** Those of the series' people still on the team (someone who left is not booked again). */
async function currentStaff(db: DbOrTx, organizationId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(and(isStaffOf(organizationId), inArray(users.id, [...ids])));
  const kept = new Set(rows.map((r) => r.id));
  return ids.filter((id) => kept.has(id));
}

const isSlotTaken = (err: unknown) => err instanceof AppError && err.code === 'CONFLICT';

interface MadeVisits {
  ids: number[];
  /** Rule starts whose people were busy. */
  clashes: string[];
}

/**
 * Makes the series' visits whose rule start is in [from, to). `onClash` 'refuse' collects the clashes (the caller
 * answers 409); 'unassign' books a clashing visit with nobody on it, for a manager to place (the daily extension,
 * when no one is there to answer). Each visit is tried in a savepoint, so one clash leaves the others standing.
 */
async function makeVisits(tx: DbOrTx, series: SeriesRow, from: string, to: string, timeZone: string, onClash: 'refuse' | 'unassign', skipFirst = false): Promise<MadeVisits> {
  const template = templateOf(series);
  const userIds = await currentStaff(tx, series.organizationId, series.assigneeIds);
  const made: MadeVisits = { ids: [], clashes: [] };
  // A visit already made (moved or not) is never made again.
  const existing = await tx
    .select({ start: appointments.occurrenceStart })
    .from(appointments)
    .where(and(eq(appointments.organizationId, series.organizationId), eq(appointments.seriesId, series.id), gte(appointments.occurrenceStart, normalize(from)), lt(appointments.occurrenceStart, normalize(to))));
  const skip = new Set(existing.map((r) => normalize(r.start ?? '')));
  if (skipFirst) skip.add(normalize(series.startsAt));
  for (const start of occurrencesBetween(series.rule, series.startsAt, from, to)) {
    if (skip.has(start)) continue;
    const place = { wall: bookableWall(start, timeZone), userIds, seriesId: series.id, occurrenceStart: start };
    try {
      made.ids.push(await tx.transaction((sp) => insertVisit(sp, template, place)));
    } catch (err) {
      if (!isSlotTaken(err)) throw err;
      made.clashes.push(start);
      if (onClash === 'unassign') made.ids.push(await insertVisit(tx, template, { ...place, userIds: [] }));
    }
  }
  return made;
}

function clashConflict(clashes: string[]) {
  const shown = clashes.slice(0, 5).map((w) => formatWallClockDate(w));
  const more = clashes.length > 5 ? ` and ${clashes.length - 5} more` : '';
  return conflict(`${SCHEDULING_MESSAGES.slotTaken} on ${shown.join('; ')}${more}`);
}

async function insertSeries(tx: DbOrTx, template: VisitTemplate, rule: string, startsAt: string, userIds: readonly number[], through: string): Promise<SeriesRow> {
  const [row] = await tx
    .insert(appointmentSeries)
    .values({ ...template, rule, startsAt, assigneeIds: [...userIds], generatedThrough: through, isActive: hasOccurrenceFrom(rule, startsAt, through) })
    .returning();
  return row;
}

/**
 * A new series whose first visit is at `firstWall`: every visit up to the horizon is made now, all or none (a
 * clash answers 409 naming the dates). Returns the first visit's id.
 */
export async function createSeries(tx: DbOrTx, template: VisitTemplate, firstWall: string, userIds: readonly number[], repeat: Repeat, now = new Date()): Promise<number> {
  const timeZone = await timeZoneOf(tx, template.organizationId);
  const rule = checkedRule(repeat, firstWall);
  const through = horizonEnd(timeZone, now);
  const series = await insertSeries(tx, template, rule, normalize(firstWall), userIds, through);
  const made = await makeVisits(tx, series, series.startsAt, through, timeZone, 'refuse');
  if (made.clashes.length > 0) throw clashConflict(made.clashes);
  return made.ids[0];
}

/** The visit's series, locked against the extension and other changes, and the rule start the visit stands for. */
async function lockAt(tx: DbOrTx, visit: { organizationId: number; seriesId: number; occurrenceStart: string | null; appointmentDate: string }) {
  const [series] = await tx
    .select()
    .from(appointmentSeries)
    .where(and(eq(appointmentSeries.organizationId, visit.organizationId), eq(appointmentSeries.id, visit.seriesId)))
    .for('update');
  return { series, pivot: normalize(visit.occurrenceStart ?? visit.appointmentDate) };
}

/**
 * "This and following": the old series stops before the visit, later visits not yet settled are removed (the
 * caller then changes the visit itself), and the returned continuation carries on from the visit's new time.
 */
export async function splitAt(
  tx: DbOrTx,
  visit: { organizationId: number; id: number; seriesId: number; occurrenceStart: string | null; appointmentDate: string },
): Promise<SeriesRow> {
  const { series, pivot } = await lockAt(tx, visit);
  const later = and(
    eq(appointments.organizationId, visit.organizationId),
    eq(appointments.seriesId, series.id),
    gt(appointments.occurrenceStart, pivot),
    notInArray(appointments.status, SETTLED),
  );
  // Removed visits that stood are reported cancelled, as they were last (docs/rules/public-api.md#webhook-events).
  const removed = await tx.select({ id: appointments.id }).from(appointments).where(and(later, notInArray(appointments.status, ['cancelled', HELD_STATUS])));
  for (const r of removed) await emitWebhookEvent(tx, visit.organizationId, 'appointment.cancelled', r.id, { patch: { status: 'cancelled' } });
  await tx.delete(appointments).where(later);
  await tx.update(appointmentSeries).set({ rule: ruleEndingBefore(series.rule, pivot.slice(0, 10)), isActive: false }).where(eq(appointmentSeries.id, series.id));
  return series;
}

/**
 * The continuation of a split series from the visit (already moved and changed): its rule is `repeat` when given,
 * else the old one re-anchored on the visit's new day with the visits still to make, and its visits after this one
 * are made now (409 on a clash). `repeat` null: no continuation, the visit stands alone.
 */
export async function continueSeries(
  tx: DbOrTx,
  old: SeriesRow | null,
  visit: { id: number; wall: string; userIds: readonly number[]; template: VisitTemplate; oldStart: string },
  repeat: Repeat | null | undefined,
  now = new Date(),
): Promise<void> {
  if (repeat === null) {
    await tx.update(appointments).set({ seriesId: null, occurrenceStart: null }).where(eq(appointments.id, visit.id));
    return;
  }
  let rule: string;
  if (repeat) {
    rule = checkedRule(repeat, visit.wall);
  } else if (!old) {
    return;
  } else {
    const before = repeatOf(old.rule);
    const remaining = before.count ? before.count - countBefore(old.rule, old.startsAt, visit.oldStart) : null;
    // One chosen weekday follows the visit to its new day; several stay as chosen.
    const keepDays = before.weekdays && before.weekdays.length > 1 ? before.weekdays : undefined;
    rule = ruleWithCount(ruleFor({ ...before, weekdays: keepDays, count: null }, visit.wall.slice(0, 10)), remaining !== null && remaining >= 1 ? remaining : null);
    if (keepDays && !keepDays.includes(weekdayOf(visit.wall.slice(0, 10)))) throw weekdayError();
  }
  const timeZone = await timeZoneOf(tx, visit.template.organizationId);
  const through = horizonEnd(timeZone, now);
  const series = await insertSeries(tx, visit.template, rule, normalize(visit.wall), visit.userIds, through);
  await tx.update(appointments).set({ seriesId: series.id, occurrenceStart: series.startsAt }).where(eq(appointments.id, visit.id));
  const made = await makeVisits(tx, series, series.startsAt, through, timeZone, 'refuse', true);
  if (made.clashes.length > 0) throw clashConflict(made.clashes);
}

/** Cancels the series' visits after this one that are not settled and stops the series before this one. */
export async function cancelFollowing(tx: DbOrTx, visit: { organizationId: number; seriesId: number; occurrenceStart: string | null; appointmentDate: string }): Promise<void> {
  const { series, pivot } = await lockAt(tx, visit);
  const cancelled = await tx
    .update(appointments)
    .set({ status: 'cancelled', calendarSequence: sql`${appointments.calendarSequence} + 1` })
    .where(
      and(
        eq(appointments.organizationId, visit.organizationId),
        eq(appointments.seriesId, series.id),
        gt(appointments.occurrenceStart, pivot),
        notInArray(appointments.status, [...SETTLED, 'cancelled']),
      ),
    )
    .returning({ id: appointments.id });
  for (const c of cancelled) {
    await scheduleReminders(tx, c.id);
    await emitWebhookEvent(tx, visit.organizationId, 'appointment.cancelled', c.id);
  }
  await tx.update(appointmentSeries).set({ rule: ruleEndingBefore(series.rule, pivot.slice(0, 10)), isActive: false }).where(eq(appointmentSeries.id, series.id));
}

export interface ExtensionRun {
  series: number;
  visits: number;
  unassigned: number;
}

const EXTEND_BATCH = 50;

/**
 * The daily extension: each active series whose made-ahead window falls short of the horizon gets the visits up to
 * it. Runners on every instance may run at once: a series is taken with FOR UPDATE SKIP LOCKED and its window
 * re-read under the lock, so each visit is made once. A visit whose people are busy is made unassigned and the
 * organization's schedulers get a bell.
 */
export async function extendSeries(db: Db, now = new Date()): Promise<ExtensionRun> {
  const run: ExtensionRun = { series: 0, visits: 0, unassigned: 0 };
  // Any zone's horizon is within a day of UTC's; the exact one is worked out per series.
  const roughHorizon = `${addDays(now.toISOString().slice(0, 10), REPEAT_LIMITS.horizonDays + 2)}T00:00:00`;
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: appointmentSeries.id })
      .from(appointmentSeries)
      .where(and(eq(appointmentSeries.isActive, true), lt(appointmentSeries.generatedThrough, roughHorizon), gt(appointmentSeries.id, after)))
      .orderBy(asc(appointmentSeries.id))
      .limit(EXTEND_BATCH);
    for (const { id } of batch) {
      after = id;
      await db.transaction(async (tx) => {
        const [series] = await tx.select().from(appointmentSeries).where(and(eq(appointmentSeries.id, id), eq(appointmentSeries.isActive, true))).for('update', { skipLocked: true });
        if (!series) return;
        const timeZone = await timeZoneOf(tx, series.organizationId);
        const through = horizonEnd(timeZone, now);
        if (normalize(series.generatedThrough) >= through) return;
        const made = await makeVisits(tx, series, series.generatedThrough, through, timeZone, 'unassign');
        await tx
          .update(appointmentSeries)
          .set({ generatedThrough: through, isActive: hasOccurrenceFrom(series.rule, series.startsAt, through) })
          .where(eq(appointmentSeries.id, series.id));
        if (made.clashes.length > 0) await tellSchedulers(tx, series, made.clashes);
        run.series++;
        run.visits += made.ids.length;
        run.unassigned += made.clashes.length;
      });
    }
    if (batch.length < EXTEND_BATCH) break;
  }
  return run;
}

async function tellSchedulers(tx: DbOrTx, series: SeriesRow, clashes: string[]): Promise<void> {
  const recipients = await staffWith(tx, series.organizationId, ['manage_appointments']);
  const who = series.customerName ?? series.customerEmail;
  const dates = clashes.map((w) => formatWallClockDate(w)).join('; ');
  await notifyStaff(tx, recipients, [
    {
      organizationId: series.organizationId,
      type: 'booking_changed',
      title: `Repeating visit for ${who} needs a person`,
      body: `${describeRule(series.rule)}: the people on it are busy on ${dates}, so that visit is booked with nobody on it.`,
      link: '/scheduling',
      entityType: 'appointment_series',
      entityId: series.id,
    },
  ]);
}

/** The visits of a series from a wall-clock time on, for tests and the series' own checks. */
export async function visitsFrom(db: DbOrTx, organizationId: number, seriesId: number, from: string) {
  return db
    .select({ id: appointments.id, appointmentDate: appointments.appointmentDate, occurrenceStart: appointments.occurrenceStart, status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.seriesId, seriesId), gte(appointments.occurrenceStart, from)))
    .orderBy(asc(appointments.occurrenceStart));
}
