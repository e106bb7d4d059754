// Pure calendar and reminder rules of the Scheduling screen. Dates are 'YYYY-MM-DD' strings and times
// 'HH:MM' in the organization's wall clock (schedule settings timeZone), never the browser's zone.
// No zod here: the screen's first chunk stays free of the contracts' validators.

export const WEEKDAY_KEYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** Written out from @contracts/scheduling (REMINDER_TIMING_OPTIONS) for the same reason. */
export const TIMING_OPTIONS = [1, 2, 4, 6, 12, 24, 48, 72, 168] as const;
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const SLOT_MINUTES = 15;

function toUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(t: Date): string {
  return t.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const t = toUtc(date);
  t.setUTCDate(t.getUTCDate() + days);
  return fromUtc(t);
}

/** 0 for Sunday .. 6 for Saturday. */
export function dayOfWeek(date: string): number {
  return toUtc(date).getUTCDay();
}

export function weekdayKey(date: string): WeekdayKey {
  return WEEKDAY_KEYS[dayOfWeek(date)];
}

/** The Sunday on or before `date`: weeks start on Sunday. */
export function weekStart(date: string): string {
  return addDays(date, -dayOfWeek(date));
}

/** Seven days from the Sunday of `date`'s week. */
export function weekDays(date: string): string[] {
  const first = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** Date and 'HH:MM' on the wall clock of `timeZone` at instant `now`. */
export function wallClockNow(timeZone: string, now: Date = new Date()): { date: string; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  } catch {
    return wallClockNow(DEFAULT_TIME_ZONE, now);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

export function minutesOfDay(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Start times every `step` minutes from `start` up to (not including) `end`. */
export function timeSlots(start: string, end: string, step: number = SLOT_MINUTES): string[] {
  const out: string[] = [];
  for (let m = minutesOfDay(start); m < minutesOfDay(end); m += step) out.push(hhmmOf(m));
  return out;
}

export type DayHours = Record<`${WeekdayKey}Enabled`, boolean> & Record<`${WeekdayKey}Start` | `${WeekdayKey}End`, string>;

/** Monday to Friday, 9 to 5: the hours before schedule settings exist. */
export const DEFAULT_DAY_HOURS: DayHours = Object.fromEntries(
  WEEKDAY_KEYS.flatMap((d) => [
    [`${d}Enabled`, d !== 'saturday' && d !== 'sunday'],
    [`${d}Start`, '09:00'],
    [`${d}End`, '17:00'],
  ]),
) as DayHours;

/**
 * The appointment form's time choices for `date`: 15-minute slots inside that weekday's hours, none
 * when the day is disabled. `keep` (the appointment's current time) stays choosable when editing.
 */
export function slotsForDate(date: string, hours: DayHours | null, keep?: string | null): string[] {
  const h = hours ?? DEFAULT_DAY_HOURS;
  const day = date ? weekdayKey(date) : null;
  const slots = day && h[`${day}Enabled`] ? timeSlots(h[`${day}Start`], h[`${day}End`]) : [];
  if (keep && !slots.includes(keep)) return [...slots, keep].sort();
  return slots;
}

/** An appointment's time as the week and the form read it; the buffers widen the time its people hold. */
export interface HeldTime {
  appointmentDate: string;
  duration: number;
  bufferBefore?: number;
  bufferAfter?: number;
}

/** Minutes a new appointment keeps its people before and after (its service's buffers). */
export interface Buffers {
  before: number;
  after: number;
}

const NO_BUFFERS: Buffers = { before: 0, after: 0 };

/**
 * The slots of `date` that do not overlap a booked appointment, for one lasting `duration` minutes: the staff form
 * offers free times only, as the public page does (docs/features.md, Scheduling). `busy` holds the wall clocks
 * ('YYYY-MM-DDTHH:MM:SS'), durations and buffers of the appointments that hold the chosen people's time around that day
 * (see busyFor); a slot's own time is widened by `buffers` (docs/rules/team.md#buffers). `keep` (the edited
 * appointment's own time) stays.
 */
export function freeSlots(date: string, slots: string[], busy: readonly HeldTime[], duration: number, keep?: string | null, buffers: Buffers = NO_BUFFERS): string[] {
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  const ranges = busy.map((b) => {
    const start = (Date.parse(`${b.appointmentDate.slice(0, 19)}Z`) - dayStart) / 60_000;
    return { start: start - (b.bufferBefore ?? 0), end: start + b.duration + (b.bufferAfter ?? 0) };
  });
  return slots.filter((t) => {
    if (t === keep) return true;
    const start = minutesOfDay(t) - buffers.before;
    const end = minutesOfDay(t) + Math.max(1, duration) + buffers.after;
    return !ranges.some((r) => r.start < end && r.end > start);
  });
}

/**
 * The appointments that hold the time of someone in `people`: not cancelled, not the edited one (`exceptId`), and
 * with one of them assigned. Nobody chosen holds nobody's time (docs/rules/team.md#no-double-booking), so then none.
 */
export function busyFor<A extends HeldTime & { id: number; status: string; assignees: readonly { id: number }[]; hold?: { expiresAt: string | null } | null }>(
  appointments: readonly A[],
  people: readonly number[],
  exceptId?: number | null,
  now: number = Date.now(),
): A[] {
  if (people.length === 0) return [];
  return appointments.filter((a) => a.status !== 'cancelled' && !holdLapsed(a, now) && a.id !== exceptId && a.assignees.some((p) => people.includes(p.id)));
}

/** An online booking waiting for its deposit or card (docs/rules/scheduling.md#holding-a-booking); HELD_STATUS in the contracts. */
export const HELD_STATUS = 'pending_payment';

type HoldOf = { status: string; hold?: { kind: 'deposit' | 'card'; expiresAt: string | null } | null };

/** A waiting booking past its hold holds nothing: its time is free before the job cancels it. */
export function holdLapsed(a: { status: string; hold?: { expiresAt: string | null } | null }, now: number = Date.now()): boolean {
  return a.status === HELD_STATUS && !!a.hold?.expiresAt && Date.parse(a.hold.expiresAt) <= now;
}

/** The calendar's status words: a booking still waiting reads "Awaiting deposit" or "Awaiting card". */
export function appointmentStatusLabel(a: HoldOf, words: (status: string) => string): string {
  if (a.status !== HELD_STATUS) return words(a.status);
  return a.hold?.kind === 'card' ? 'Awaiting card' : 'Awaiting deposit';
}

/** "Alex Admin, Morgan Manager", or "Unassigned". */
export function assigneesLabel(assignees: readonly { name: string }[]): string {
  return assignees.length === 0 ? 'Unassigned' : assignees.map((a) => a.name).join(', ');
}

/**
 * Booking Status: online booking works only with schedule settings and at least one active service
 * (docs/features.md, Scheduling). null while either is still loading.
 */
export function bookingReady(hasSettings: boolean | null, activeServices: number | null): boolean | null {
  if (hasSettings === null || activeServices === null) return null;
  return hasSettings && activeServices > 0;
}

/** '9:30 AM'. */
export function timeLabel(hhmm: string): string {
  const m = minutesOfDay(hhmm);
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'Nov 22' */
export function shortDate(date: string): string {
  return `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

/** 'Sunday' */
export function dayName(date: string): string {
  return DAY_NAMES[dayOfWeek(date)];
}

/** 'Nov 22 - Nov 28, 2026' */
export function weekRangeLabel(first: string): string {
  const last = addDays(first, 6);
  return `${shortDate(first)} - ${shortDate(last)}, ${last.slice(0, 4)}`;
}

/** Splits the server's 'YYYY-MM-DDTHH:MM:SS' wall clock; no Date parsing, so no zone shift. */
export function splitWallClock(value: string): { date: string; time: string } {
  return { date: value.slice(0, 10), time: value.slice(11, 16) };
}

export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} hr` : `${h} hr ${m} min`;
}

/** Reminder timing in hours, shown in hours under a day, else days: '1 hour', '12 hours', '2 days'. */
export function timingLabel(hours: number): string {
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = hours / 24;
  const text = Number.isInteger(days) ? String(days) : days.toFixed(1).replace(/\.0$/, '');
  return days === 1 ? '1 day' : `${text} days`;
}

export type AddTimingResult =
  | { ok: true; timings: number[] }
  | { ok: false; title: 'Invalid Timing'; description: 'Please enter a valid number of hours.' }
  | { ok: false; title: 'Timing Exists'; description: 'This timing already exists in your custom timings.' };

/** Largest custom timing the server takes (a year). */
export const MAX_TIMING_HOURS = 8760;

/** Adds a custom timing: a positive whole number of hours, not already listed; the list stays ascending. */
export function addCustomTiming(timings: readonly number[], raw: string): AddTimingResult {
  const text = raw.trim();
  const hours = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(hours) || hours < 1 || hours > MAX_TIMING_HOURS) {
    return { ok: false, title: 'Invalid Timing', description: 'Please enter a valid number of hours.' };
  }
  if (timings.includes(hours)) return { ok: false, title: 'Timing Exists', description: 'This timing already exists in your custom timings.' };
  return { ok: true, timings: [...timings, hours].sort((a, b) => a - b) };
}

/** The default-timing choices: the standard options plus any custom timing, ascending, once each. */
export function timingChoices(custom: readonly number[], current?: number): number[] {
  const all = new Set<number>([...TIMING_OPTIONS, ...custom]);
  if (current) all.add(current);
  return [...all].sort((a, b) => a - b);
}

/** Whole-number money string '75.00' as '$75.00' (the server already sends two decimals). */
export function priceLabel(price: string): string {
  const [whole, cents = '00'] = price.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0').slice(0, 2)}`;
}
