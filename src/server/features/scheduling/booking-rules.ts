// When an appointment may be booked online (docs/rules/scheduling.md#booking-window): not past, not beyond advanceBookingDays,
// an enabled weekday, inside the day's window, at one of the offered slot times, not overlapping another appointment.
import { and, asc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import { minutesOf, SCHEDULING_LIMITS, SCHEDULING_MESSAGES, WEEKDAYS, type Slot } from '../../../contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { appointments, scheduleSettings } from '../../db/schema/index';
import { addDays, addMinutes, daysBetween, instantOf, label12h, normalize, todayIn, weekdayOf } from '../../platform/wall-clock';

export type SettingsRow = typeof scheduleSettings.$inferSelect;

export interface DayWindow {
  enabled: boolean;
  start: string;
  end: string;
}

export function dayWindow(settings: SettingsRow, date: string): DayWindow {
  const day = WEEKDAYS[weekdayOf(date)];
  const s = settings as unknown as Record<string, string | boolean>;
  return { enabled: s[`${day}Enabled`] === true, start: String(s[`${day}Start`]), end: String(s[`${day}End`]) };
}

/** The reason an online booking of [wall, wall + duration) is refused, or null when the rules allow it. */
export function bookingRefusal(settings: SettingsRow, wall: string, duration: number, now = new Date()): string | null {
  const start = normalize(wall);
  const date = start.slice(0, 10);
  const instant = instantOf(start, settings.timeZone);
  if (!instant) return SCHEDULING_MESSAGES.timeSkipped;
  if (instant.getTime() <= now.getTime()) return SCHEDULING_MESSAGES.datePast;
  if (daysBetween(todayIn(settings.timeZone, now), date) > settings.advanceBookingDays) return SCHEDULING_MESSAGES.beyondAdvance;
  const window = dayWindow(settings, date);
  if (!window.enabled) return SCHEDULING_MESSAGES.dayDisabled;
  const from = minutesOf(start.slice(11, 16));
  if (from < minutesOf(window.start) || from + duration > minutesOf(window.end)) return SCHEDULING_MESSAGES.outsideHours;
  // Only the times the page offers (every publicSlotMinutes from the day's start): no 12:07 sent by hand
  // (docs/features.md, Scheduling).
  if ((from - minutesOf(window.start)) % SCHEDULING_LIMITS.publicSlotMinutes !== 0) return SCHEDULING_MESSAGES.notOffered;
  return null;
}

/**
 * Non-cancelled appointments of the organization overlapping [start, start + duration), optionally but one. The
 * condition is the exclusion constraint's own (drizzle/0001_constraints.sql), so its GiST index answers it in a few
 * pages; `appointment_date < end` alone had no lower bound and read the organization's whole history
 * (docs/performance.md, Session 8).
 */
export async function overlapping(db: DbOrTx, organizationId: number, wall: string, duration: number, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: appointments.id }).from(appointments).where(overlapCondition(organizationId, wall, duration, exceptId)).limit(1);
  return rows.length > 0;
}

/** The appointments `overlapping` finds, as a condition on appointments (a statement may test it itself). */
export function overlapCondition(organizationId: number, wall: string, duration: number, exceptId?: number): SQL | undefined {
  const start = normalize(wall);
  const end = addMinutes(start, duration);
  return and(
    eq(appointments.organizationId, organizationId),
    ne(appointments.status, 'cancelled'),
    sql`tsrange(${appointments.appointmentDate}, ${appointments.appointmentDate} + ${appointments.duration} * interval '1 minute') && tsrange(${start}::timestamp, ${end}::timestamp)`,
    exceptId ? ne(appointments.id, exceptId) : undefined,
  );
}

/** Non-cancelled appointments touching the calendar day (the previous day's late ones may run into it). */
export async function busyTimes(db: DbOrTx, organizationId: number, date: string): Promise<{ appointmentDate: string; duration: number }[]> {
  return db
    .select({ appointmentDate: appointments.appointmentDate, duration: appointments.duration })
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        ne(appointments.status, 'cancelled'),
        gt(appointments.appointmentDate, `${addDays(date, -1)}T00:00:00`),
        lt(appointments.appointmentDate, `${addDays(date, 1)}T00:00:00`),
      ),
    )
    .orderBy(asc(appointments.appointmentDate));
}

/** The 30-minute slots offered for the day to a booking lasting `duration` minutes. */
export async function offeredSlots(db: DbOrTx, settings: SettingsRow, date: string, duration: number, now = new Date()): Promise<Slot[]> {
  const window = dayWindow(settings, date);
  if (!window.enabled) return [];
  const busy = (await busyTimes(db, settings.organizationId, date)).map((b) => {
    const s = normalize(b.appointmentDate);
    return { start: s, end: addMinutes(s, b.duration) };
  });
  const slots: Slot[] = [];
  for (let m = minutesOf(window.start); m + duration <= minutesOf(window.end); m += SCHEDULING_LIMITS.publicSlotMinutes) {
    const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const start = `${date}T${time}:00`;
    // Also leaves out a wall clock skipped by a daylight-saving change.
    if (bookingRefusal(settings, start, duration, now)) continue;
    const end = addMinutes(start, duration);
    if (busy.some((b) => b.start < end && b.end > start)) continue;
    slots.push({ time, appointmentDate: start, label: label12h(time) });
  }
  return slots;
}

/** The organization's settings, or null. */
export async function settingsOf(db: DbOrTx, organizationId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(scheduleSettings).where(eq(scheduleSettings.organizationId, organizationId)).limit(1);
  return row ?? null;
}
