import { describe, expect, it } from 'vitest';
import { defaultPayAmount, payAmountFormSchema } from './pay-amount-form';

const installment = { number: 2, count: 4, amountDue: '250.00', dueDate: '2026-12-01' };

describe('portal pay amount under a payment plan (docs/rules/money-and-payments.md#installments)', () => {
  it('defaults to the next installment, or the balance due when that is less', () => {
    expect(defaultPayAmount({ balanceDue: '750.00', installment })).toBe('250.00');
    expect(defaultPayAmount({ balanceDue: '120.00', installment })).toBe('120.00');
    expect(defaultPayAmount({ balanceDue: '750.00', installment: null })).toBe('750.00');
  });

  it('takes any amount up to the balance due, with the payment form messages', () => {
    const schema = payAmountFormSchema('750.00');
    expect(schema.parse({ amount: '300' })).toEqual({ amount: '300.00' });
    expect(schema.parse({ amount: '750.00' })).toEqual({ amount: '750.00' });
    const message = (amount: string) => schema.safeParse({ amount }).error?.issues[0].message;
    expect(message('750.01')).toBe('Amount cannot exceed the balance due of $750.00');
    expect(message('')).toBe('Amount is required');
    expect(message('0')).toBe('Please enter an amount');
    expect(message('12.345')).toBe('Amount can have at most 2 decimal places');
    expect(message('ten')).toBe('Amount must be a number');
  });
});
