// Organization wall-clock time <-> UTC instants with the Intl API (no time zone library in the project).
// Appointment times are wall-clock times in the organization's zone (docs/rules/scheduling.md#wall-clock-time): bookings,
// slots, calendar invitations and reminders all convert through here.

export const DEFAULT_TIME_ZONE = 'America/New_York';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A zone Intl knows, else the default: a bad stored value must not stop bookings or the reminder job. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    partsFormatter(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The wall clock of an instant in the zone: 'YYYY-MM-DDTHH:MM:SS'. */
export function wallClockAt(instant: Date, timeZone: string): string {
  const p = Object.fromEntries(partsFormatter(timeZone).formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** Milliseconds the zone is ahead of UTC at the instant. */
function offsetAt(instantMs: number, timeZone: string): number {
  const wall = wallClockAt(new Date(instantMs), timeZone);
  return naiveUtc(wall) - Math.floor(instantMs / 1000) * 1000;
}

/** The wall clock read as if it were UTC, in ms. */
function naiveUtc(wall: string): number {
  const [d, t = '00:00:00'] = wall.split('T');
  const [y, mo, da] = d.split('-').map(Number);
  const [h, mi, s = 0] = t.split(':').map(Number);
  return Date.UTC(y, mo - 1, da, h, mi, s);
}

/**
 * The instant a wall-clock time happens in the zone. A time skipped by a spring-forward change does not
 * exist: null. A repeated hour (fall back) resolves to its first occurrence.
 */
export function instantOf(wall: string, timeZone: string): Date | null {
  const guess = naiveUtc(wall);
  // Try both offsets around the guess; the earlier valid one is the first occurrence.
  const candidates = [...new Set([offsetAt(guess - 86_400_000 / 2, timeZone), offsetAt(guess, timeZone), offsetAt(guess + 86_400_000 / 2, timeZone)])]
    .map((off) => guess - off)
    .filter((ms) => wallClockAt(new Date(ms), timeZone).slice(0, 16) === normalize(wall).slice(0, 16))
    .sort((a, b) => a - b);
  return candidates.length ? new Date(candidates[0]) : null;
}

/** 'YYYY-MM-DDTHH:MM:SS' whatever the input's separator or seconds. */
export function normalize(wall: string): string {
  const [d, t = '00:00'] = wall.trim().replace(' ', 'T').split('T');
  const [h, m, s = '00'] = t.split(':');
  return `${d}T${h}:${m}:${s.slice(0, 2)}`;
}

/** Today's calendar date in the zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return wallClockAt(now, timeZone).slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday for a calendar date. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The calendar date n days after the date. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Wall clock plus minutes, on the naive clock (the database's tsrange does the same). */
export function addMinutes(wall: string, minutes: number): string {
  return new Date(naiveUtc(normalize(wall)) + minutes * 60_000).toISOString().slice(0, 19);
}

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((naiveUtc(`${to}T00:00:00`) - naiveUtc(`${from}T00:00:00`)) / 86_400_000);
}

/** '9:30 AM'. */
export function label12h(hhmm: string): string {
  const h = Number(hhmm.slice(0, 2));
  return `${h % 12 === 0 ? 12 : h % 12}:${hhmm.slice(3, 5)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 21, 2026 at 9:30 AM' from a wall clock. */
export function describeWallClock(wall: string): string {
  const n = normalize(wall);
  return `${formatWallClockDate(n)} at ${formatWallClockTime(n)}`;
}

/**
 * Like instantOf, but always an instant (Temporal's 'compatible' choice): a time skipped when clocks go forward
 * moves forward by the gap. For reminders, which must fire even for an appointment stored at such a time.
 */
export function wallClockToInstant(wall: string, timeZone: string): Date {
  const exact = instantOf(normalize(wall), timeZone);
  if (exact) return exact;
  const naive = naiveUtc(normalize(wall));
  return new Date(naive - offsetAt(naive - 86_400_000, timeZone));
}

/** 'Nov 21, 2026' (the app's en-US date, docs/rules/platform.md#time-and-dates). */
export function formatWallClockDate(wall: string): string {
  return new Date(naiveUtc(normalize(wall))).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** '9:00 AM'. */
export function formatWallClockTime(wall: string): string {
  return label12h(normalize(wall).slice(11, 16));
}
