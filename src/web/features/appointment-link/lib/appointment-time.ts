// The appointment page's dates and times: 'YYYY-MM-DD' and 'HH:MM' strings on the organization's wall clock, never
// browser-local Date objects, so a customer in another time zone sees the organization's days and hours
// (docs/rules/scheduling.md#wall-clock-time).
import { WEEKDAYS, type PublicScheduleSettings } from '@contracts/scheduling';

const pad = (n: number) => String(n).padStart(2, '0');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** Today on the wall clock of `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(date: string, n: number): string {
  const t = toUtc(date);
  t.setUTCDate(t.getUTCDate() + n);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** 'Tuesday, November 24, 2026'. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${DAYS[toUtc(date).getUTCDay()]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

/** '2026-11-24T14:30:00' -> { date: '2026-11-24', time: '14:30' }. */
export function splitWallClock(wall: string): { date: string; time: string } {
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** The wall-clock time `minutes` after 'HH:MM', round the clock ('23:30' + 60 -> '00:30'). */
export function timeAfter(hhmm: string, minutes: number): string {
  const [h, m] = hhmm.split(':').map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

export type DayRules = Pick<PublicScheduleSettings, 'advanceBookingDays'> & Partial<Record<`${(typeof WEEKDAYS)[number]}Enabled`, boolean>>;

/** The last day the booking page offers. */
export function lastBookableDay(today: string, settings: DayRules): string {
  return addDays(today, settings.advanceBookingDays);
}

/** Why times cannot be offered on `date`, as the customer reads it; null when the day is open for booking. */
export function closedDayReason(date: string, today: string, settings: DayRules): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Please choose a date.';
  if (date < today) return 'That day has passed. Please choose a later date.';
  if (daysBetween(today, date) > settings.advanceBookingDays) {
    return `Times can be booked up to ${settings.advanceBookingDays} days ahead. Please choose an earlier date.`;
  }
  const weekday = toUtc(date).getUTCDay();
  if (settings[`${WEEKDAYS[weekday]}Enabled`] !== true) return `There are no appointments on ${DAYS[weekday]}s. Please choose another date.`;
  return null;
}

/** The first open day on or after `from` within the booking window; null when there is none. */
export function firstOpenDay(from: string, today: string, settings: DayRules): string | null {
  let date = from < today ? today : from;
  const last = lastBookableDay(today, settings);
  while (date <= last) {
    if (closedDayReason(date, today, settings) === null) return date;
    date = addDays(date, 1);
  }
  return null;
}

/** 'No appointments on Saturdays or Sundays.' for the weekdays that are not open; null when every day is. */
export function closedWeekdaysNote(settings: DayRules): string | null {
  // Monday first, as the week is read.
  const closed = [1, 2, 3, 4, 5, 6, 0].filter((i) => settings[`${WEEKDAYS[i]}Enabled`] !== true).map((i) => `${DAYS[i]}s`);
  if (closed.length === 0 || closed.length === 7) return null;
  const list = closed.length === 1 ? closed[0] : `${closed.slice(0, -1).join(', ')} or ${closed[closed.length - 1]}`;
  return `No appointments on ${list}.`;
}
