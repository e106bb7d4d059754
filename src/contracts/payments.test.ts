import { describe, expect, it } from 'vitest';
import { refundableCents } from './payments';

describe('refundableCents', () => {
  const payment = { status: 'completed', amount: '100.00', amountRefunded: '0.00', refundOfPaymentId: null };
  it('is the amount less what its refunds hold, never below zero', () => {
    expect(refundableCents(payment)).toBe(10000);
    expect(refundableCents({ ...payment, amountRefunded: '45.50' })).toBe(5450);
    expect(refundableCents({ ...payment, amountRefunded: '100.00' })).toBe(0);
  });
  it('is zero for a refund itself and for a payment that is not completed', () => {
    expect(refundableCents({ ...payment, amount: '-20.00', refundOfPaymentId: 7 })).toBe(0);
    expect(refundableCents({ ...payment, status: 'pending' })).toBe(0);
  });
});
