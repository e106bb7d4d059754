// The report formulas' rounding (docs/rules/reports.md#report-formulas), on integers so no float sum is ever rounded.

/** part / whole, rounded half away from zero; 0 without a whole. Inputs are counts or cents. */
function roundedRatio(part: number, whole: number): number {
  if (whole === 0) return 0;
  const raw = part / whole;
  return raw < 0 ? -Math.round(-raw) : Math.round(raw);
}

/** Mean in cents of a cents sum over a count (0 for none). */
export function meanCents(sumCents: number, count: number): number {
  return roundedRatio(sumCents, count);
}

/** part over whole as a percent with one decimal: 5 of 8 is 62.5; 0 without a whole. */
export function percentOneDecimal(part: number, whole: number): number {
  return roundedRatio(part * 1000, whole) / 10;
}
