// The booking calendar's pure rules: dates are 'YYYY-MM-DD' strings on the organization's wall clock, never
// browser-local Date objects, so a visitor in another time zone sees the organization's days (docs/rules/scheduling.md#wall-clock-time).
import { WEEKDAYS, type PublicScheduleSettings } from '@contracts/scheduling';

const pad = (n: number) => String(n).padStart(2, '0');

export function dateKey(year: number, month: number, day: number): string {
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

export function addDays(date: string, n: number): string {
  const t = toUtc(date);
  t.setUTCDate(t.getUTCDate() + n);
  return dateKey(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** 0 = Sunday. */
export function weekdayOf(date: string): number {
  return toUtc(date).getUTCDay();
}

/** Today's date on the wall clock of `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export interface MonthRef {
  year: number;
  /** 0-11. */
  month: number;
}

export function monthOf(date: string): MonthRef {
  const [y, m] = date.split('-').map(Number);
  return { year: y, month: m - 1 };
}

export function shiftMonth({ year, month }: MonthRef, n: number): MonthRef {
  const total = year * 12 + month + n;
  return { year: Math.floor(total / 12), month: ((total % 12) + 12) % 12 };
}

export function compareMonths(a: MonthRef, b: MonthRef): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** Weeks starting Sunday (docs/rules/scheduling.md#calendar); null pads the days outside the month. */
export function monthGrid({ year, month }: MonthRef): (string | null)[][] {
  const first = dateKey(year, month, 1);
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: weekdayOf(first) }, () => null);
  for (let d = 1; d <= daysInMonth; d++) cells.push(dateKey(year, month, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

type DayRules = Pick<PublicScheduleSettings, 'advanceBookingDays'> & Partial<Record<`${(typeof WEEKDAYS)[number]}Enabled`, boolean>>;

/** Past days, weekdays that are not enabled and days beyond advanceBookingDays cannot be booked. */
export function isDayDisabled(date: string, today: string, settings: DayRules): boolean {
  if (date < today) return true;
  if (daysBetween(today, date) > settings.advanceBookingDays) return true;
  return settings[`${WEEKDAYS[weekdayOf(date)]}Enabled`] !== true;
}

/** docs/rules/scheduling.md#calendar: focus search gives up after 365 disabled days. */
export const FOCUS_SEARCH_LIMIT = 365;

/** The nearest day from `from` moving by `step` days that is not disabled; null when none within the limit. */
export function nextEnabledDay(from: string, step: number, isDisabled: (date: string) => boolean): string | null {
  let date = from;
  for (let i = 0; i < FOCUS_SEARCH_LIMIT; i++) {
    date = addDays(date, step);
    if (!isDisabled(date)) return date;
  }
  return null;
}

/** The first bookable day on or after `from`, for the calendar's initial focus. */
export function firstEnabledDay(from: string, isDisabled: (date: string) => boolean): string | null {
  return isDisabled(from) ? nextEnabledDay(from, 1, isDisabled) : from;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function monthTitle({ year, month }: MonthRef): string {
  return `${MONTH_NAMES[month]} ${year}`;
}

/** 'Tuesday, November 24, 2026' */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${DAY_NAMES[weekdayOf(date)]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}
