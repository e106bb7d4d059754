import { z } from 'zod';

/**
 * The calendar every date and instant the app takes must fall in: 1900-01-01 through 2999-12-31 (UTC). Wide
 * enough for any real job, document, booking or report; far enough from year 9999 that a day added to a range's
 * end or a time zone's offset never leaves the four-digit years that ISO strings, `YYYY-MM-DD` and PostgreSQL
 * formatting share (9999-12-31 plus one day answered 500). docs/security.md, "Input at the edges".
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;

export const DATE_FORMAT_MESSAGE = 'Use the YYYY-MM-DD date format';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A year the app accepts. */
export function isYearInRange(year: number): boolean {
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** An instant inside the accepted calendar (and a valid Date at all). */
export function isInstantInRange(d: Date): boolean {
  return !Number.isNaN(d.getTime()) && isYearInRange(d.getUTCFullYear());
}

/** A real calendar date 'YYYY-MM-DD' (no 2026-02-30) inside the accepted years. */
export function isCalendarDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  if (!isYearInRange(y)) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * An instant as the API takes it: ISO 8601 with a zone (`2026-06-15T10:00:00.000Z`) or a bare date (midnight UTC).
 * Null for anything else, including dates that JavaScript would quietly roll over (2026-02-30 is not March 2).
 */
export function parseInstant(value: string): Date | null {
  const v = value.trim();
  if (DATE.test(v)) return isCalendarDate(v) ? new Date(`${v}T00:00:00.000Z`) : null;
  const m = ISO_INSTANT.exec(v);
  if (!m || !isCalendarDate(m[1])) return null;
  const d = new Date(v);
  return isInstantInRange(d) ? d : null;
}

/** A query or path date: the one schema every route taking a calendar date uses. */
export const calendarDateSchema = z.string({ error: DATE_FORMAT_MESSAGE }).refine(isCalendarDate, DATE_FORMAT_MESSAGE);
