// Money as integer cents. Amounts travel as decimal strings ("1234.50") and are stored as numeric(10,2);
// nothing adds JavaScript floats.

export type Cents = number;

/** numeric(10,2) ceiling: 99,999,999.99 */
export const MAX_CENTS: Cents = 9_999_999_999;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses "12", "12.5", "12.50", 12.5 into cents, rounding half away from zero past two decimals. */
export function toCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`Not an amount: ${String(value)}`);
  const [, sign, whole, frac = ''] = m;
  let cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1;
  return sign ? -cents : cents;
}

function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`Not an amount: ${n}`);
  // toFixed(6) avoids exponent notation and float noise such as 0.1 + 0.2.
  return n.toFixed(6).replace(/\.?0+$/, '');
}

export function isAmount(value: string): boolean {
  return DECIMAL.test(value.trim());
}

/** Cents to the decimal string the API carries: 123450 -> "1234.50". */
export function fromCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function sumCents(values: readonly (string | number | null | undefined)[]): Cents {
  return values.reduce<Cents>((acc, v) => acc + toCents(v), 0);
}

/** quantity x rate in cents, rounded half away from zero (quantities may have decimals, e.g. 1.5 hours). */
export function lineAmountCents(quantity: string | number, rate: string | number): Cents {
  const q = toScaled(quantity, 4);
  const r = toCents(rate);
  const raw = (q * r) / 10_000;
  return raw < 0 ? -Math.round(-raw) : Math.round(raw);
}

function toScaled(value: string | number, places: number): number {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`Not a number: ${String(value)}`);
  const [, sign, whole, frac = ''] = m;
  const scaled = Number(whole) * 10 ** places + Number((frac + '0'.repeat(places)).slice(0, places));
  return sign ? -scaled : scaled;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export function formatMoney(value: string | number | null | undefined): string {
  return usd.format(toCents(value) / 100);
}
