// A priced document (invoice or credit note) as the lines an accounting system books, to the cent
// (docs/rules/data-exchange.md#accounting-figures): each line's amount net of its discount and its share of the
// document discount, before tax; each line's share of the document's own tax per rate. The lines' amounts and taxes
// add up to the document's stored total, and the taxes per rate to its stored taxes, whatever the rounding.
import { fromCents, lineAmountCents, percentUnits, toCents, type Cents } from '../../../contracts/money';
import { MANUAL_TAX_KEY } from '../../../contracts/accounting';

export interface StoredLine {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  discount: string;
  taxRates: readonly { id: number; name: string; percent: string }[];
}

export interface StoredDocument {
  subtotal: string;
  discount: string;
  /** Null on old invoices: no tax. */
  tax: string | null;
  total: string;
  taxes: readonly { taxRateId: number; name: string; percent: string; amount: string }[];
  pricesIncludeTax: boolean;
  taxExempt: boolean;
  lines: readonly StoredLine[];
}

export interface BookLine {
  description: string;
  /** The document's quantity and rate when they make the amount exactly, else 1 and the amount. */
  quantity: string;
  unitAmount: string;
  /** Before tax, after every discount. */
  amount: Cents;
  tax: Cents;
  /** The tax code key of what the line carries (a rate id, ids joined by +, manual), null for no tax. */
  taxKey: string | null;
  /** A line the document's figures needed beyond its lines (an invoice without lines, old figures). */
  adjustment: boolean;
}

export interface BookTax {
  /** A rate id as text, or manual. */
  key: string;
  name: string;
  /** "6.25"; null for the tax typed by hand. */
  percent: string | null;
  amount: Cents;
}

export interface DocumentBooks {
  lines: BookLine[];
  taxes: BookTax[];
  total: Cents;
}

interface Weighted {
  index: number;
  num: bigint;
  den: bigint;
}

/**
 * `target` cents shared over the weights in proportion (largest remainder, ties to the earlier line), so the shares
 * add up to exactly the target. All-zero weights put the whole target on the first entry.
 */
export function allocate(target: Cents, weights: readonly Weighted[]): Map<number, Cents> {
  const out = new Map<number, Cents>();
  if (weights.length === 0) return out;
  const positive = weights.filter((w) => w.num > 0n);
  if (positive.length === 0) {
    out.set(weights[0].index, target);
    return out;
  }
  // Every weight over one common denominator: w_i = n_i / D.
  const common = positive.reduce((d, w) => (d % w.den === 0n ? d : (d * w.den) / gcd(d, w.den)), 1n);
  const scaled = positive.map((w) => ({ index: w.index, n: (w.num * common) / w.den }));
  const sum = scaled.reduce((s, w) => s + w.n, 0n);
  const t = BigInt(Math.abs(target));
  const sign = target < 0 ? -1 : 1;
  let given = 0n;
  const shares = scaled.map((w) => {
    const exact = t * w.n;
    const floor = exact / sum;
    given += floor;
    return { index: w.index, floor, remainder: exact % sum };
  });
  let left = t - given;
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const s of byRemainder) {
    if (left === 0n) break;
    s.floor += 1n;
    left -= 1n;
  }
  for (const s of shares) out.set(s.index, sign * Number(s.floor));
  return out;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

const HUNDRED_PERCENT = 1_000_000n;

/** The key of the rates a line carries: ids ascending, joined by +. */
export function taxKeyOf(rateIds: readonly number[]): string {
  return [...new Set(rateIds)].sort((a, b) => a - b).join('+');
}

/** Quantity x rate is the amount to the cent, with nothing rounded away. */
function exactProduct(quantity: string, rate: string): boolean {
  const [whole, frac = ''] = quantity.split('.');
  const q = BigInt(whole + (frac + '0000').slice(0, 4));
  return (q * BigInt(toCents(rate))) % 10_000n === 0n;
}

/**
 * The document as booked lines. `fallbackDescription` names the adjustment line a document needs when its lines do
 * not make its stored figures (one without lines at all, or written before the pricing rules).
 */
export function documentBooks(doc: StoredDocument, fallbackDescription: string): DocumentBooks {
  const nets = doc.lines.map((l) => toCents(l.amount) - toCents(l.discount));
  const subtotal = nets.reduce((s, n) => s + n, 0);
  const discount = toCents(doc.discount);
  const total = toCents(doc.total);
  const weights = (value: (i: number) => bigint): Weighted[] => doc.lines.map((_, i) => ({ index: i, num: value(i), den: 1n }));

  // The document discount, shared over the lines by their nets.
  const discountShares = allocate(Math.min(discount, Math.max(subtotal, 0)), weights((i) => BigInt(Math.max(nets[i], 0))));
  const bases = nets.map((n, i) => n - (discountShares.get(i) ?? 0));

  const lineTax = doc.lines.map(() => 0);
  const taxes: BookTax[] = [];
  const rated = doc.taxes.length > 0;
  const handTax = rated ? 0 : doc.taxExempt ? 0 : toCents(doc.tax);
  if (rated) {
    for (const t of doc.taxes) {
      // Each line's exact share of the rate, as taxesByRate weighs it (contracts/money.ts).
      const carrying: Weighted[] = [];
      doc.lines.forEach((l, i) => {
        const rate = l.taxRates.find((r) => r.id === t.taxRateId);
        if (!rate || nets[i] <= 0) return;
        const lineUnits = l.taxRates.reduce((s, r) => s + percentUnits(r.percent), 0n);
        carrying.push({
          index: i,
          num: BigInt(nets[i]) * percentUnits(rate.percent),
          den: doc.pricesIncludeTax ? HUNDRED_PERCENT + lineUnits : HUNDRED_PERCENT,
        });
      });
      const amount = toCents(t.amount);
      for (const [i, cents] of allocate(amount, carrying)) lineTax[i] += cents;
      taxes.push({ key: String(t.taxRateId), name: t.name, percent: t.percent, amount });
    }
  } else if (handTax !== 0) {
    for (const [i, cents] of allocate(handTax, weights((i) => BigInt(Math.max(bases[i], 0))))) lineTax[i] += cents;
    taxes.push({ key: MANUAL_TAX_KEY, name: 'Tax', percent: null, amount: handTax });
  }

  const included = rated && doc.pricesIncludeTax;
  const lines: BookLine[] = doc.lines.map((l, i) => {
    const amount = included ? bases[i] - lineTax[i] : bases[i];
    const asWritten = amount === toCents(l.amount) && exactProduct(l.quantity, l.rate) && lineAmountCents(l.quantity, l.rate) === amount;
    const taxKey = doc.taxExempt ? null : rated ? (l.taxRates.length ? taxKeyOf(l.taxRates.map((r) => r.id)) : null) : handTax !== 0 ? MANUAL_TAX_KEY : null;
    return {
      description: l.description,
      quantity: asWritten ? l.quantity : '1.00',
      unitAmount: asWritten ? l.rate : fromCents(amount),
      amount,
      tax: lineTax[i],
      taxKey,
      adjustment: false,
    };
  });
  // A line taking no tax when the document has no lines to take it (a hand-typed tax on an invoice without lines).
  if (lines.length === 0 && taxes.length > 0) {
    lines.push({ description: fallbackDescription, quantity: '1.00', unitAmount: '0.00', amount: 0, tax: 0, taxKey: taxes[0].key, adjustment: true });
    lines[0].tax = taxes.reduce((s, t) => s + t.amount, 0);
  }
  const taxTotal = taxes.reduce((s, t) => s + t.amount, 0);
  const booked = lines.reduce((s, l) => s + l.amount, 0) + taxTotal;
  if (booked !== total) {
    const difference = total - booked;
    const empty = lines.findIndex((l) => l.adjustment);
    if (empty >= 0) {
      lines[empty].amount += difference;
      lines[empty].unitAmount = fromCents(lines[empty].amount);
    } else {
      lines.push({ description: fallbackDescription, quantity: '1.00', unitAmount: fromCents(difference), amount: difference, tax: 0, taxKey: null, adjustment: true });
    }
  }
  return { lines, taxes, total };
}
