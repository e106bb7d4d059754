import { describe, expect, it } from 'vitest';
import { emptyLineItem, lineAmount, lineCents, lineDiscountCents, linesSubtotalCents } from '@/components/line-items-editor';

describe('line items (docs/rules/records.md#line-items)', () => {
  it('starts a line with quantity 1 and rate 0', () => {
    expect(emptyLineItem()).toEqual({ description: '', quantity: '1', rate: '0' });
  });

  it('prices quantity x rate in cents, without float error', () => {
    expect(lineCents({ quantity: '3', rate: '0.10' })).toBe(30);
    expect(lineCents({ quantity: '1.5', rate: '33.33' })).toBe(5000);
    expect(lineAmount({ quantity: '2', rate: '19.99' })).toBe('39.98');
  });

  it('counts a blank or unfinished number as 0 while typing', () => {
    expect(lineCents({ quantity: '', rate: '10' })).toBe(0);
    expect(lineCents({ quantity: '2', rate: '-' })).toBe(0);
    expect(lineCents(undefined)).toBe(0);
  });

  it('leaves lines the form refuses out of the live total: quantity below 1, a negative rate, an amount too large, text', () => {
    const good = { description: 'Labor', quantity: '2', rate: '45.50' };
    expect(lineCents({ quantity: '-2', rate: '10' })).toBe(0);
    expect(lineCents({ quantity: '0.5', rate: '10' })).toBe(0);
    expect(lineCents({ quantity: '2', rate: '-10' })).toBe(0);
    expect(lineCents({ quantity: '99999999', rate: '99999999' })).toBe(0);
    expect(lineCents({ quantity: '2 boxes', rate: '10' })).toBe(0);
    expect(linesSubtotalCents([good, { description: 'Refund?', quantity: '1', rate: '-50' }, { description: 'Typo', quantity: '-3', rate: '10' }])).toBe(9100);
  });

  it('adds the lines in cents', () => {
    const lines = Array.from({ length: 10 }, () => ({ description: 'x', quantity: '1', rate: '0.10' }));
    expect(linesSubtotalCents(lines)).toBe(100);
  });
});

describe("a priced line's discount (docs/rules/money-and-payments.md#taxes-and-discounts)", () => {
  it('takes a percent of the amount, rounded half away from zero, or an amount capped at it', () => {
    expect(lineDiscountCents({ quantity: '3', rate: '33.33', discountType: 'percent', discountValue: '10' })).toBe(1000);
    expect(lineDiscountCents({ quantity: '1', rate: '0.15', discountType: 'percent', discountValue: '50' })).toBe(8);
    expect(lineDiscountCents({ quantity: '1', rate: '20', discountType: 'amount', discountValue: '25' })).toBe(2000);
  });

  it('is a percent until someone chooses an amount', () => {
    expect(lineDiscountCents({ quantity: '1', rate: '200', discountValue: '12.5' })).toBe(2500);
  });

  it('counts nothing while the value is blank, not a number yet or negative', () => {
    for (const discountValue of ['', ' ', '-', '-5', 'ten', undefined]) {
      expect(lineDiscountCents({ quantity: '1', rate: '100', discountType: 'amount', discountValue })).toBe(0);
    }
  });
});
