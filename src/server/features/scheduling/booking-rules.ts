// When an appointment may be booked online (docs/rules/scheduling.md#booking-window): not past, not beyond advanceBookingDays,
// an enabled weekday, inside the day's window, at one of the offered slot times, with a performer free for it.
import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import { commitments, isFree, performersOf } from '../team/availability';
import { minutesOf, SCHEDULING_LIMITS, SCHEDULING_MESSAGES, WEEKDAYS, type Slot } from '../../../contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { invalid } from '../../platform/errors';
import { appointments, scheduleSettings } from '../../db/schema/index';
import { notLapsedHold } from './booking-holds';
import { addDays, daysBetween, instantOf, label12h, normalize, todayIn, weekdayOf } from '../../platform/wall-clock';

export type SettingsRow = typeof scheduleSettings.$inferSelect;

export interface DayWindow {
  enabled: boolean;
  start: string;
  end: string;
}

export function dayWindow(settings: SettingsRow, date: string): DayWindow {
  return weekdayWindow(settings, weekdayOf(date));
}

/** The hours of a weekday, 0 = Sunday. */
export function weekdayWindow(settings: SettingsRow, weekday: number): DayWindow {
  const day = WEEKDAYS[weekday];
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

/** Non-cancelled appointments (lapsed holds left out) touching the calendar day (the previous day's late ones may run into it). */
export async function busyTimes(db: DbOrTx, organizationId: number, date: string): Promise<{ appointmentDate: string; duration: number }[]> {
  return db
    .select({ appointmentDate: appointments.appointmentDate, duration: appointments.duration })
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        ne(appointments.status, 'cancelled'),
        // A lapsed hold is free time already (docs/rules/scheduling.md#holding-a-booking).
        notLapsedHold,
        gt(appointments.appointmentDate, `${addDays(date, -1)}T00:00:00`),
        lt(appointments.appointmentDate, `${addDays(date, 1)}T00:00:00`),
      ),
    )
    .orderBy(asc(appointments.appointmentDate));
}

/** What a booking of the service holds: its length and the performer's buffers. */
export interface ServiceHold {
  id: number | null;
  duration: number;
  bufferBefore: number;
  bufferAfter: number;
}

/**
 * The 30-minute slots offered for the day: those the booking window allows where at least one of the service's
 * performers (or the one chosen) is free for it, buffers included (docs/rules/team.md#online-booking).
 */
export async function offeredSlots(db: DbOrTx, settings: SettingsRow, date: string, service: ServiceHold, staffId?: number, now = new Date()): Promise<Slot[]> {
  const window = dayWindow(settings, date);
  if (!window.enabled) return [];
  const people = await performersOf(db, settings.organizationId, service.id, staffId);
  const spans = await commitments(db, settings.organizationId, people.map((p) => p.userId), date, date);
  const slots: Slot[] = [];
  for (let m = minutesOf(window.start); m + service.duration <= minutesOf(window.end); m += SCHEDULING_LIMITS.publicSlotMinutes) {
    const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const start = `${date}T${time}:00`;
    // Also leaves out a wall clock skipped by a daylight-saving change.
    if (bookingRefusal(settings, start, service.duration, now)) continue;
    const hold = { wall: start, duration: service.duration, bufferBefore: service.bufferBefore, bufferAfter: service.bufferAfter };
    if (!people.some((p) => isFree(p, spans.get(p.userId) ?? [], hold))) continue;
    slots.push({ time, appointmentDate: start, label: label12h(time) });
  }
  return slots;
}

/** The organization's settings, or null. */
export async function settingsOf(db: DbOrTx, organizationId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(scheduleSettings).where(eq(scheduleSettings.organizationId, organizationId)).limit(1);
  return row ?? null;
}

/** The person a customer chose, when the organization lets them choose (400 when it does not). */
export function staffChoice(settings: SettingsRow, staffId: number | null | undefined): number | undefined {
  if (!staffId) return undefined;
  if (!settings.allowStaffChoice) throw invalid(`staffId: ${SCHEDULING_MESSAGES.noStaffChoice}`, [{ path: 'staffId', message: SCHEDULING_MESSAGES.noStaffChoice }]);
  return staffId;
}
