// The report's range as instants, and the SQL conditions that keep a record's date inside it.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ReportQuery } from '../../../contracts/reports';
import { addDays } from '../../platform/wall-clock';

export interface ReportRange {
  /** First day, 'YYYY-MM-DD'; null with `to` null: all time. */
  from: string | null;
  /** Last day, included. */
  to: string | null;
}

/** Bound values travel as ISO text cast in SQL, the same on PGlite and PostgreSQL. */
const instant = (date: string) => sql`${`${date}T00:00:00.000Z`}::timestamptz`;
const wallClock = (date: string) => sql`${`${date}T00:00:00`}::timestamp`;

export function reportRange(query: Pick<ReportQuery, 'from' | 'to'>): ReportRange {
  return query.from && query.to ? { from: query.from, to: query.to } : { from: null, to: null };
}

/** An instant (timestamptz) inside the UTC days of the range. */
export function instantInRange(column: PgColumn | SQL, range: ReportRange): SQL | undefined {
  if (!range.from || !range.to) return undefined;
  return sql`(${column} >= ${instant(range.from)} and ${column} < ${instant(addDays(range.to, 1))})`;
}

/** A wall-clock time (timestamp without zone, as appointments keep it) on one of the range's days. */
export function wallClockInRange(column: PgColumn, range: ReportRange): SQL | undefined {
  if (!range.from || !range.to) return undefined;
  return sql`(${column} >= ${wallClock(range.from)} and ${column} < ${wallClock(addDays(range.to, 1))})`;
}
