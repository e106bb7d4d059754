// An export's period as instants, and a record's day, in the organization's zone
// (docs/rules/data-exchange.md#accounting-records): the books follow the business's own calendar days.
import { addDays, wallClockAt, wallClockToInstant } from '../../platform/wall-clock';

export interface ExportPeriod {
  from: string;
  to: string;
  timeZone: string;
  /** The first instant of `from` in the zone. */
  start: Date;
  /** The first instant of the day after `to`. */
  end: Date;
}

export function exportPeriod(from: string, to: string, timeZone: string): ExportPeriod {
  return {
    from,
    to,
    timeZone,
    start: wallClockToInstant(`${from}T00:00:00`, timeZone),
    end: wallClockToInstant(`${addDays(to, 1)}T00:00:00`, timeZone),
  };
}

/** The calendar day of an instant in the zone, 'YYYY-MM-DD'. */
export function dayIn(instant: Date, timeZone: string): string {
  return wallClockAt(instant, timeZone).slice(0, 10);
}

/** A stored date-only value (a due date kept as midnight UTC) as the day every screen shows. */
export function storedDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
