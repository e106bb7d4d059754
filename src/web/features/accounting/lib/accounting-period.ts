// The Export form's periods: months in the organization's time zone, as the server counts days
// (docs/rules/data-exchange.md#accounting-records).

export type PeriodPreset = 'lastMonth' | 'thisMonth' | 'custom';

export const PERIOD_PRESETS: readonly { value: PeriodPreset; label: string }[] = [
  { value: 'lastMonth', label: 'Last month' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'custom', label: 'Custom period' },
];

export interface Period {
  from: string;
  to: string;
}

/** Today's date in the zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The month before today's, or today's month up to today. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, timeZone: string, now = new Date()): Period {
  const today = todayIn(timeZone, now);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 1;
  if (preset === 'thisMonth') return { from: iso(y, m, 1), to: today };
  return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
}
