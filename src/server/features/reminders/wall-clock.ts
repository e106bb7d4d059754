// Appointment times are wall-clock times in the organization's zone (DECISIONS.md, Scheduling); reminders need
// the instant they denote. Intl alone does this (no time-zone dependency), DST included.

export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

/** Reads 'YYYY-MM-DDTHH:MM[:SS]' (or PostgreSQL's 'YYYY-MM-DD HH:MM:SS'); fractions of a second are dropped. */
export function parseWallClock(value: string): WallClock {
  const m = WALL_CLOCK.exec(value.trim());
  if (!m) throw new Error(`Not a wall-clock date-time: ${value}`);
  const [year, month, day, hour, minute, second] = m.slice(1).map((p) => Number(p ?? 0));
  return { year, month, day, hour, minute, second };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A zone Intl knows, else the default: a bad stored value must not stop bookings or the reminder job. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The zone's offset from UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time denotes in a zone. Like Temporal's 'compatible' choice: a time repeated when
 * clocks go back is its first occurrence; a time skipped when clocks go forward moves forward by the gap.
 */
export function wallClockToInstant(value: string, timeZone: string): Date {
  const w = parseWallClock(value);
  const wallMs = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // Transitions are far more than a day apart, so the offsets a day either side are the only candidates.
  const before = offsetAt(wallMs - DAY_MS, timeZone);
  const after = offsetAt(wallMs + DAY_MS, timeZone);
  const valid = [wallMs - before, wallMs - after].filter((t) => offsetAt(t, timeZone) === wallMs - t);
  if (valid.length === 0) return new Date(wallMs - before);
  return new Date(Math.min(...valid));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 21, 2026' (the app's en-US date, DECISIONS.md Platform). */
export function formatWallClockDate(value: string): string {
  const w = parseWallClock(value);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year}`;
}

/** '9:00 AM'. Built by hand because Intl puts a narrow no-break space before AM/PM in recent ICU versions. */
export function formatWallClockTime(value: string): string {
  const w = parseWallClock(value);
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${hour12}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'AM' : 'PM'}`;
}
