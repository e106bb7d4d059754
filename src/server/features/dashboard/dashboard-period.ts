// The calendar months (UTC) the dashboard compares, and the percent change between two figures.

export interface DashboardPeriod {
  now: Date;
  /** First instant of this month. */
  monthStart: Date;
  /** First instant of next month. */
  nextMonthStart: Date;
  /** First instant of the previous month. */
  prevMonthStart: Date;
  /** As far into the previous month as `now` is into this one, clamped to the previous month's last instant. */
  comparedTo: Date;
}

export function dashboardPeriod(now: Date): DashboardPeriod {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const monthStart = Date.UTC(y, m, 1);
  const prevMonthStart = Date.UTC(y, m - 1, 1);
  const comparedTo = Math.min(prevMonthStart + (now.getTime() - monthStart), monthStart - 1);
  return {
    now,
    monthStart: new Date(monthStart),
    nextMonthStart: new Date(Date.UTC(y, m + 1, 1)),
    prevMonthStart: new Date(prevMonthStart),
    comparedTo: new Date(comparedTo),
  };
}

/** Whole-number percent change, rounded half away from zero; null without a base. Inputs are counts or cents. */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const raw = ((current - previous) * 100) / Math.abs(previous);
  return raw < 0 ? -Math.round(-raw) : Math.round(raw);
}
