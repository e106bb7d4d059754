// The screen's date-range choices. The server reads a range as whole UTC days (contracts/reports.ts),
// so "today" here is today's UTC date as well.
import { formatDate } from '@contracts/format';

export type RangePreset = 'last30' | 'last90' | 'thisYear' | 'all' | 'custom';

export const RANGE_PRESETS: readonly { value: RangePreset; label: string }[] = [
  { value: 'last30', label: 'Last 30 days' },
  { value: 'last90', label: 'Last 90 days' },
  { value: 'thisYear', label: 'This year' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom range' },
];

/** Both days included; null and null: all time. */
export interface DateRange {
  from: string | null;
  to: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function todayUtc(now = new Date()): string {
  return iso(now.getTime());
}

/** The days ending today: last30 is today and the 29 days before it. */
function lastDays(days: number, now: Date): DateRange {
  const d = new Date(now);
  return { from: iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - (days - 1))), to: todayUtc(now) };
}

/** The range of a preset; custom has none of its own. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now = new Date()): DateRange {
  switch (preset) {
    case 'last30':
      return lastDays(30, now);
    case 'last90':
      return lastDays(90, now);
    case 'thisYear':
      return { from: `${now.getUTCFullYear()}-01-01`, to: todayUtc(now) };
    case 'all':
      return { from: null, to: null };
  }
}

/** What is wrong with a custom range, or null when it can be asked for. */
export function customRangeError(from: string, to: string): string | null {
  if (!from || !to) return 'Choose a start and an end date';
  if (from > to) return 'The end date must be on or after the start date';
  return null;
}

/** "Oct 24, 2026 - Nov 22, 2026 (UTC days)", or "All time". */
export function describeRange(range: DateRange): string {
  if (!range.from || !range.to) return 'All time';
  const day = (d: string) => formatDate(`${d}T00:00:00.000Z`);
  return range.from === range.to ? `${day(range.from)} (UTC)` : `${day(range.from)} - ${day(range.to)} (UTC days)`;
}

/** The query string of the report calls. */
export function reportQuery(range: DateRange, organizationId: number | null): string {
  const search = new URLSearchParams();
  if (range.from && range.to) {
    search.set('from', range.from);
    search.set('to', range.to);
  }
  if (organizationId !== null) search.set('organizationId', String(organizationId));
  const query = search.toString();
  return query ? `?${query}` : '';
}
