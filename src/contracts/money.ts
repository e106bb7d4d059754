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

// ---------------------------------------------------------------------------------------------------------------
// Taxes, discounts and the one rounding rule (docs/rules/money-and-payments.md#taxes-and-discounts).
// Every figure below is exact until the single place it becomes cents: fractions of BigInts, rounded half away from
// zero like toCents. Nothing is rounded twice.

/** Where tax is rounded to the cent: each line's tax per rate, or each rate's sum over the document. */
export const TAX_ROUNDING = ['per_document', 'per_line'] as const;
export type TaxRounding = (typeof TAX_ROUNDING)[number];

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** A discount: a percent of what it applies to, or an amount (never more than that). */
export interface Discount {
  type: DiscountType;
  /** "12.5" percent or "10.00" dollars. */
  value: string | number;
}

/** A tax rate as a document carries it: `key` identifies the rate across lines (its id). */
export interface TaxRateOnLine {
  key: string | number;
  name: string;
  /** "6.25": up to four decimals (8.875 %). */
  percent: string | number;
}

/** Percents are held as integers of 1/10,000 of a percent. */
const PERCENT_SCALE = 10_000n;
const HUNDRED_PERCENT = 100n * PERCENT_SCALE;

/** "8.875" -> 88750n (ten-thousandths of a percent); throws past four decimals' precision is rounded off. */
export function percentUnits(percent: string | number): bigint {
  return BigInt(toScaled(percent, 4));
}

/** num / den (den > 0) rounded half away from zero. */
function roundFraction(num: bigint, den: bigint): Cents {
  const negative = num < 0n;
  const abs = negative ? -num : num;
  const q = (2n * abs + den) / (2n * den);
  return Number(negative ? -q : q);
}

interface Fraction {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
};

function addFractions(a: Fraction, b: Fraction): Fraction {
  const num = a.num * b.den + b.num * a.den;
  const den = a.den * b.den;
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

/** The discount on `baseCents`: a percent rounded to the cent, or an amount capped at the base. */
export function discountCents(baseCents: Cents, discount: Discount | null | undefined): Cents {
  if (!discount || baseCents <= 0) return 0;
  if (discount.type === 'amount') return Math.min(Math.max(0, toCents(discount.value)), baseCents);
  const units = percentUnits(discount.value);
  const capped = units > HUNDRED_PERCENT ? HUNDRED_PERCENT : units < 0n ? 0n : units;
  return roundFraction(BigInt(baseCents) * capped, HUNDRED_PERCENT);
}

/** A line as taxed: its amount after its own discount, and the rates it carries. */
export interface LineToTax {
  netCents: Cents;
  taxRates: readonly TaxRateOnLine[];
}

export interface TaxOptions {
  /** The document's own discount, in cents, shared over the lines in proportion to their net amounts. */
  documentDiscountCents: Cents;
  /** Line prices already include their taxes: the tax is the part of the price it makes up. */
  pricesIncludeTax: boolean;
  rounding: TaxRounding;
}

export interface TaxByRate {
  key: string | number;
  name: string;
  /** As given, normalized: "6.25", "8.875". */
  percent: string;
  cents: Cents;
}

/** Normalized percent text: "6.2500" -> "6.25", "7" -> "7". */
export function formatPercent(percent: string | number): string {
  const units = percentUnits(percent);
  const whole = units / PERCENT_SCALE;
  const frac = (units < 0n ? -units : units) % PERCENT_SCALE;
  const fracText = frac === 0n ? '' : `.${String(frac).padStart(4, '0').replace(/0+$/, '')}`;
  return `${whole}${fracText}`;
}

/**
 * Tax per rate of a document's lines. Each line's taxable base is its net amount less its share of the document
 * discount (net x (subtotal - discount) / subtotal, exact). Tax excluded: base x percent. Tax included: the part of
 * the base each rate makes up, base x percent / (100 + the line's rates' percents). `per_line` rounds every line's
 * tax per rate to the cent and adds the cents; `per_document` adds the exact figures and rounds each rate once.
 * Rates are listed in the order they first appear.
 */
export function taxesByRate(lines: readonly LineToTax[], options: TaxOptions): TaxByRate[] {
  const subtotal = BigInt(lines.reduce((s, l) => s + l.netCents, 0));
  const byRate = new Map<string | number, { rate: TaxRateOnLine; exact: Fraction; cents: Cents }>();
  for (const line of lines) {
    for (const rate of line.taxRates) {
      if (!byRate.has(rate.key)) byRate.set(rate.key, { rate, exact: { num: 0n, den: 1n }, cents: 0 });
    }
  }
  if (subtotal > 0n) {
    const afterDiscount = subtotal - BigInt(Math.min(Math.max(0, options.documentDiscountCents), Number(subtotal)));
    for (const line of lines) {
      if (line.netCents === 0 || line.taxRates.length === 0) continue;
      const lineRatesUnits = line.taxRates.reduce((s, r) => s + percentUnits(r.percent), 0n);
      for (const rate of line.taxRates) {
        const entry = byRate.get(rate.key)!;
        const num = BigInt(line.netCents) * afterDiscount * percentUnits(rate.percent);
        const den = subtotal * (options.pricesIncludeTax ? HUNDRED_PERCENT + lineRatesUnits : HUNDRED_PERCENT);
        if (options.rounding === 'per_line') entry.cents += roundFraction(num, den);
        else entry.exact = addFractions(entry.exact, { num, den });
      }
    }
  }
  return [...byRate.values()].map(({ rate, exact, cents }) => ({
    key: rate.key,
    name: rate.name,
    percent: formatPercent(rate.percent),
    cents: options.rounding === 'per_line' ? cents : roundFraction(exact.num, exact.den),
  }));
}
