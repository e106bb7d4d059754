import { describe, expect, it } from 'vitest';
import { formatMoney, fromCents, lineAmountCents, sumCents, toCents } from './money';

describe('money in cents', () => {
  it('parses decimal strings and numbers without float error', () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('0.1')).toBe(10);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('19.999')).toBe(2000);
    expect(toCents('-5.005')).toBe(-501);
    expect(toCents('')).toBe(0);
    expect(() => toCents('12abc')).toThrow();
  });
  it('formats cents back to API strings and dollars', () => {
    expect(fromCents(123450)).toBe('1234.50');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-250)).toBe('-2.50');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
  });
  it('sums and multiplies exactly', () => {
    expect(sumCents(['0.10', '0.20', 0.3])).toBe(60);
    expect(lineAmountCents('3', '19.99')).toBe(5997);
    expect(lineAmountCents('1.5', '85.00')).toBe(12750);
    expect(lineAmountCents('0.333', '10.00')).toBe(333);
  });
});
