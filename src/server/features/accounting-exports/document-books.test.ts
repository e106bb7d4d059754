// A document's booked lines add up to its own figures to the cent (docs/rules/data-exchange.md#accounting-figures),
// whatever its discounts, rates, rounding and whether its prices include tax.
import { describe, expect, it } from 'vitest';
import { priceDocument, type LineToPrice } from '../../../contracts/line-items';
import { fromCents, toCents, type TaxRounding } from '../../../contracts/money';
import { allocate, documentBooks, type StoredDocument } from './document-books';

const STATE = { id: 3, name: 'State', percent: '6.25' };
const CITY = { id: 7, name: 'City', percent: '2' };
const NYC = { id: 11, name: 'NYC', percent: '8.875' };

interface Settings {
  pricesIncludeTax?: boolean;
  taxRounding?: TaxRounding;
  taxExempt?: boolean;
  discountType?: 'percent' | 'amount' | null;
  discountValue?: string | null;
  manualTax?: string | null;
}

/** A document as the server stores it: priced by priceDocument, the one pricing rule. */
function stored(lines: LineToPrice[], s: Settings = {}): StoredDocument {
  const settings = { pricesIncludeTax: s.pricesIncludeTax ?? false, taxRounding: s.taxRounding ?? 'per_document', taxExempt: s.taxExempt ?? false };
  const priced = priceDocument({ ...settings, lines, discountType: s.discountType, discountValue: s.discountValue, manualTax: s.manualTax });
  return {
    ...settings,
    subtotal: fromCents(priced.subtotalCents),
    discount: fromCents(priced.discountCents),
    tax: fromCents(priced.taxCents),
    total: fromCents(priced.totalCents),
    taxes: priced.taxes,
    lines: priced.lines,
  };
}

/** The invariants every booked document keeps. */
function expectBalanced(doc: StoredDocument) {
  const books = documentBooks(doc, 'Invoice INV-1');
  const lineSum = books.lines.reduce((s, l) => s + l.amount, 0);
  const lineTax = books.lines.reduce((s, l) => s + l.tax, 0);
  const taxSum = books.taxes.reduce((s, t) => s + t.amount, 0);
  expect(lineSum + taxSum).toBe(toCents(doc.total));
  expect(lineTax).toBe(taxSum);
  expect(taxSum).toBe(toCents(doc.tax));
  for (const t of doc.taxes) expect(books.taxes.find((b) => b.key === String(t.taxRateId))?.amount).toBe(toCents(t.amount));
  expect(books.lines.some((l) => l.adjustment)).toBe(false);
  return books;
}

describe('allocate', () => {
  it('shares a target by weight, the remainder to the largest fractions, the sum exact', () => {
    const w = (index: number, num: number) => ({ index, num: BigInt(num), den: 1n });
    expect([...allocate(100, [w(0, 1), w(1, 1), w(2, 1)]).values()]).toEqual([34, 33, 33]);
    expect([...allocate(-5, [w(0, 1), w(1, 3)]).values()]).toEqual([-1, -4]);
    expect([...allocate(7, [w(0, 0), w(1, 0)])]).toEqual([[0, 7]]);
  });
});

describe('documentBooks', () => {
  it('books the rules page furnace job: line and document discounts, two rates on a line, to the cent', () => {
    const doc = stored(
      [
        { description: 'Furnace tune-up', quantity: 2, rate: '45.00', discountType: 'percent', discountValue: 10, taxRates: [STATE, CITY] },
        { description: 'Filter', quantity: 1, rate: '19.99', taxRates: [STATE] },
      ],
      { discountType: 'amount', discountValue: '5.00' },
    );
    const books = expectBalanced(doc);
    // 81.00 and 19.99 net share the 5.00 discount by their nets: 4.01 and 0.99.
    expect(books.lines.map((l) => [l.amount, l.taxKey, l.quantity, l.unitAmount])).toEqual([
      [7699, '3+7', '1.00', '76.99'],
      [1900, '3', '1.00', '19.00'],
    ]);
  });

  it('keeps the quantity and rate of a line nothing was taken off', () => {
    const books = expectBalanced(stored([{ description: 'Hours', quantity: '1.5', rate: '80.00', taxRates: [STATE] }]));
    expect(books.lines[0]).toMatchObject({ quantity: '1.50', unitAmount: '80.00', amount: 12000, tax: 750, taxKey: '3' });
  });

  it('books prices that include tax as the amount before tax and the tax', () => {
    const doc = stored(
      [
        { description: 'Install', quantity: 1, rate: '108.25', taxRates: [STATE, CITY] },
        { description: 'Part', quantity: 3, rate: '10.00', taxRates: [NYC] },
      ],
      { pricesIncludeTax: true },
    );
    const books = expectBalanced(doc);
    expect(books.lines[0].amount + books.lines[0].tax).toBe(10825);
    expect(books.lines[1].amount + books.lines[1].tax).toBe(3000);
  });

  it('rounds per line or per document exactly as the document did (three 0.10 lines at 6.25 %)', () => {
    const lines = [1, 2, 3].map((i) => ({ description: `Item ${i}`, quantity: 1, rate: '0.10', taxRates: [STATE] }));
    expect(expectBalanced(stored(lines, { taxRounding: 'per_document' })).taxes[0].amount).toBe(2);
    expect(expectBalanced(stored(lines, { taxRounding: 'per_line' })).taxes[0].amount).toBe(3);
  });

  it("books an exempt customer's lines without tax, and the tax typed by hand as its own key", () => {
    const exempt = expectBalanced(stored([{ description: 'Job', quantity: 1, rate: '100.00', taxRates: [STATE] }], { taxExempt: true }));
    expect(exempt.lines[0]).toMatchObject({ taxKey: null, tax: 0 });
    expect(exempt.taxes).toEqual([]);
    const hand = expectBalanced(stored([{ description: 'A', quantity: 1, rate: '30.00' }, { description: 'B', quantity: 1, rate: '70.00' }], { manualTax: '7.51' }));
    expect(hand.lines.map((l) => [l.taxKey, l.tax])).toEqual([
      ['manual', 225],
      ['manual', 526],
    ]);
    expect(hand.taxes).toEqual([{ key: 'manual', name: 'Tax', percent: null, amount: 751 }]);
  });

  it('adds an adjustment line only when the stored lines do not make the stored figures', () => {
    const books = documentBooks({ subtotal: '50.00', discount: '0.00', tax: '0.00', total: '50.00', taxes: [], pricesIncludeTax: false, taxExempt: false, lines: [] }, 'Invoice INV-9');
    expect(books.lines).toEqual([{ description: 'Invoice INV-9', quantity: '1.00', unitAmount: '50.00', amount: 5000, tax: 0, taxKey: null, adjustment: true }]);
  });

  it('balances a thousand random documents to the cent', () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const rates = [STATE, CITY, NYC];
    for (let k = 0; k < 1000; k++) {
      const lines: LineToPrice[] = Array.from({ length: 1 + rnd(5) }, (_, i) => ({
        description: `Line ${i}`,
        quantity: `${1 + rnd(9)}.${rnd(100)}`,
        rate: `${rnd(500)}.${String(rnd(100)).padStart(2, '0')}`,
        discountType: rnd(3) === 0 ? (rnd(2) ? 'percent' : 'amount') : null,
        discountValue: String(rnd(30)),
        taxRates: rates.filter(() => rnd(2) === 0),
      }));
      const doc = stored(lines, {
        pricesIncludeTax: rnd(3) === 0,
        taxRounding: rnd(2) ? 'per_line' : 'per_document',
        discountType: rnd(3) === 0 ? (rnd(2) ? 'percent' : 'amount') : null,
        discountValue: String(rnd(40)),
        manualTax: rnd(4) === 0 ? `${rnd(20)}.${rnd(100)}` : null,
      });
      expectBalanced(doc);
    }
  });
});
