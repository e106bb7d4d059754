import { describe, expect, it } from 'vitest';
import type { LineTaxRate } from '@contracts/line-items';
import { initiallySelected, quoteTotals } from './quote-totals';

type Patch = { discountType?: 'percent' | 'amount' | null; discountValue?: string | null; taxRates?: LineTaxRate[] };
const line = (id: number, quantity: string, rate: string, optional = false, patch: Patch = {}) => ({
  id,
  description: `Line ${id}`,
  quantity,
  rate,
  optional,
  discountType: null,
  discountValue: null,
  taxRates: [],
  ...patch,
});
type Line = ReturnType<typeof line>;

const quote = (lineItems: Line[], patch: Partial<Parameters<typeof quoteTotals>[0]> = {}) => ({
  lineItems,
  discountType: null,
  discountValue: null,
  pricesIncludeTax: false,
  taxRounding: 'per_document' as const,
  taxExempt: false,
  tax: '0.00',
  ...patch,
});

/** The figures as the page lays them out, in cents. */
const shown = (t: ReturnType<typeof quoteTotals>) => ({ subtotal: t.figures.subtotalCents, tax: t.figures.taxCents, total: t.total });

describe('quoteTotals', () => {
  const lines = [line(1, '3', '33.33'), line(2, '1', '0.10', true), line(3, '1', '0.20', true)];

  it('counts required lines only while no optional item is ticked: 3 x 33.33 is 99.99', () => {
    expect(shown(quoteTotals(quote(lines), []))).toEqual({ subtotal: 9999, tax: 0, total: '99.99' });
  });

  it('adds the ticked optional items in cents, never in floats (99.99 + 0.10 + 0.20 is 100.29)', () => {
    expect(99.99 + 0.1 + 0.2).not.toBe(100.29);
    expect(quoteTotals(quote(lines), [2]).total).toBe('100.09');
    expect(shown(quoteTotals(quote(lines), [2, 3]))).toEqual({ subtotal: 10029, tax: 0, total: '100.29' });
    expect(quoteTotals(quote(lines), [3, 2]).total).toBe('100.29');
  });

  it('adds the tax typed by hand when no line carries a rate: total = subtotal + tax', () => {
    expect(shown(quoteTotals(quote(lines, { tax: '8.25' }), [2, 3]))).toEqual({ subtotal: 10029, tax: 825, total: '108.54' });
    expect(shown(quoteTotals(quote(lines, { tax: '0.01' }), []))).toEqual({ subtotal: 9999, tax: 1, total: '100.00' });
  });

  it('ignores ids that are not optional items (a required line always counts, once)', () => {
    expect(quoteTotals(quote(lines), [1, 99]).total).toBe('99.99');
  });

  it('prices fractional quantities half away from zero, as the server does (1.5 x 33.33 = 49.995 -> 50.00)', () => {
    expect(quoteTotals(quote([line(1, '1.5', '33.33')]), []).figures.subtotalCents).toBe(5000);
  });
});

describe('quoteTotals with discounts and tax rates (docs/rules/money-and-payments.md#taxes-and-discounts)', () => {
  const state = { id: 1, name: 'State', percent: '6.25' };
  const city = { id: 2, name: 'City', percent: '2' };
  // 2 x 100.00 less 10 % = 180.00, plus an optional 50.00; both taxed at State and City.
  const lines = [
    line(1, '2', '100.00', false, { discountType: 'percent', discountValue: '10', taxRates: [state, city] }),
    line(2, '1', '50.00', true, { taxRates: [state, city] }),
  ];
  const withDiscount = quote(lines, { discountType: 'amount', discountValue: '5.00', tax: '14.75' });

  it('untick: subtotal 180.00, less 5.00, taxed 175.00 x 6.25 % = 10.94 and x 2 % = 3.50; the stored tax is not added again', () => {
    const t = quoteTotals(withDiscount, []);
    expect(t.figures.lineDiscountCents).toBe(2000);
    expect(t.figures.discount).toEqual({ cents: 500, percent: null });
    expect(t.figures.taxes.map((x) => [x.name, x.percent, x.cents])).toEqual([
      ['State', '6.25', 1094],
      ['City', '2', 350],
    ]);
    expect(t.total).toBe('189.44');
  });

  it('a ticked optional item is taxed with its rates: 225.00 taxed is 14.06 + 4.50', () => {
    const t = quoteTotals(withDiscount, [2]);
    expect(t.figures.subtotalCents).toBe(23000);
    expect(t.figures.taxes.map((x) => x.cents)).toEqual([1406, 450]);
    expect(t.total).toBe('243.56');
  });

  it('a tax-exempt customer pays no tax, and prices that include tax show it as included, not added', () => {
    expect(quoteTotals({ ...withDiscount, taxExempt: true }, [2]).total).toBe('225.00');
    const included = quoteTotals({ ...withDiscount, pricesIncludeTax: true }, [2]);
    expect(included.total).toBe('225.00');
    expect(included.figures.pricesIncludeTax).toBe(true);
    // 225.00 includes 6.25 % and 2 %: 225 x 6.25 / 108.25 = 12.99 and 225 x 2 / 108.25 = 4.16.
    expect(included.figures.taxes.map((x) => x.cents)).toEqual([1299, 416]);
  });

  it('rounds on each line when the organization does: 10 lines of 0.10 at 6.25 % are 10 x 0.01', () => {
    const small = Array.from({ length: 10 }, (_, i) => line(i + 1, '1', '0.10', false, { taxRates: [state] }));
    expect(quoteTotals(quote(small), []).figures.taxCents).toBe(6);
    expect(quoteTotals(quote(small, { taxRounding: 'per_line' }), []).figures.taxCents).toBe(10);
  });
});

describe('initiallySelected', () => {
  it('starts from the optional items the quote arrives with ticked', () => {
    expect(
      initiallySelected([
        { id: 1, optional: false, selected: true },
        { id: 2, optional: true, selected: false },
        { id: 3, optional: true, selected: true },
      ]),
    ).toEqual([3]);
  });
});
