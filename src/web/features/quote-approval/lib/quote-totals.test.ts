import { describe, expect, it } from 'vitest';
import { initiallySelected, quoteTotals } from './quote-totals';

const line = (id: number, quantity: string, rate: string, optional = false) => ({ id, description: `Line ${id}`, quantity, rate, optional });

describe('quoteTotals', () => {
  const lines = [line(1, '3', '33.33'), line(2, '1', '0.10', true), line(3, '1', '0.20', true)];

  it('counts required lines only while no optional item is ticked: 3 x 33.33 is 99.99', () => {
    expect(quoteTotals(lines, [], '0.00')).toEqual({ subtotal: '99.99', tax: '0.00', total: '99.99' });
  });

  it('adds the ticked optional items in cents, never in floats (99.99 + 0.10 + 0.20 is 100.29)', () => {
    expect(99.99 + 0.1 + 0.2).not.toBe(100.29);
    expect(quoteTotals(lines, [2], '0.00').total).toBe('100.09');
    expect(quoteTotals(lines, [2, 3], '0.00')).toEqual({ subtotal: '100.29', tax: '0.00', total: '100.29' });
    expect(quoteTotals(lines, [3, 2], '0.00').total).toBe('100.29');
  });

  it('adds the quote tax to the subtotal: total = subtotal + tax', () => {
    expect(quoteTotals(lines, [2, 3], '8.25')).toEqual({ subtotal: '100.29', tax: '8.25', total: '108.54' });
    expect(quoteTotals(lines, [], '0.01')).toEqual({ subtotal: '99.99', tax: '0.01', total: '100.00' });
  });

  it('ignores ids that are not optional items (a required line always counts, once)', () => {
    expect(quoteTotals(lines, [1, 99], '0').total).toBe('99.99');
  });

  it('prices fractional quantities half away from zero, as the server does (1.5 x 33.33 = 49.995 -> 50.00)', () => {
    expect(quoteTotals([line(1, '1.5', '33.33')], [], '0').subtotal).toBe('50.00');
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
