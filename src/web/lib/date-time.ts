// Date and time fields of the document forms. Instants travel as ISO-8601 UTC strings and are shown
// in UTC (docs/rules/platform.md#time-and-dates), so the form's date and time are the UTC ones.

export interface TimeOption {
  /** 24-hour `HH:mm`. */
  value: string;
  /** 12-hour `9:00 AM`. */
  label: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function timeLabel(value: string): string {
  const [h, m] = value.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${pad(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** docs/rules/platform.md#time-and-dates: times in 15-minute steps, 96 choices a day. */
export const TIME_OPTIONS: readonly TimeOption[] = Array.from({ length: 96 }, (_, i) => {
  const value = `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`;
  return { value, label: timeLabel(value) };
});

export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_DUE_TIME = '17:00';

/** The UTC calendar date of an instant as `YYYY-MM-DD` (a date input's value); '' when missing. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The UTC time of an instant as `HH:mm`, or `fallback` when missing. */
export function toTimeInput(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return fallback;
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A date and a time of day (UTC) as one ISO instant; null when no date is chosen. */
export function joinInstant(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const t = /^\d{2}:\d{2}$/.test(time) ? time : '00:00';
  const d = new Date(`${date}T${t}:00.000Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The choices for a time select, with a stored value off the 15-minute grid kept as its own choice. */
export function timeOptionsWith(value: string): readonly TimeOption[] {
  if (!value || TIME_OPTIONS.some((o) => o.value === value)) return TIME_OPTIONS;
  return [...TIME_OPTIONS, { value, label: timeLabel(value) }].sort((a, b) => a.value.localeCompare(b.value));
}
