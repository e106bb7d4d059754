import { describe, expect, it } from 'vitest';
import { installmentDueDate, installmentStates, nextInstallment, splitInstallments } from './payment-plans';
import { toCents } from './money';

describe('splitInstallments (docs/rules/money-and-payments.md#installments)', () => {
  it('adds up to the cent, the leftover cents going one each to the first installments', () => {
    const plan = splitInstallments(100_00, 3, '2026-12-01', 'monthly');
    expect(plan.map((p) => p.amount)).toEqual(['33.34', '33.33', '33.33']);
    for (const [total, count] of [[1, 2], [99_999_99, 7], [1_000_01, 36], [2, 3]] as const) {
      const amounts = splitInstallments(total, count, '2026-01-31', 'weekly').map((p) => toCents(p.amount));
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    }
  });

  it('spaces the due dates weekly, every two weeks or monthly (the 31st becomes the month end)', () => {
    expect(splitInstallments(300, 3, '2026-12-28', 'weekly').map((p) => p.dueDate)).toEqual(['2026-12-28', '2027-01-04', '2027-01-11']);
    expect(installmentDueDate('2026-12-28', 'every_2_weeks', 2)).toBe('2027-01-25');
    expect([0, 1, 2, 3].map((n) => installmentDueDate('2027-01-31', 'monthly', n))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(installmentDueDate('2028-01-31', 'monthly', 1)).toBe('2028-02-29');
  });
});

describe('installmentStates', () => {
  const plan = [
    { amount: '100.00', dueDate: '2026-11-01' },
    { amount: '100.00', dueDate: '2026-12-01' },
    { amount: '100.00', dueDate: '2027-01-01' },
  ];

  it('fills the installments in order with what was paid, and says which is next', () => {
    const states = installmentStates(plan, 150_00, '2026-12-01');
    expect(states.map((s) => [s.paid, s.status])).toEqual([
      ['100.00', 'paid'],
      ['50.00', 'partly_paid'],
      ['0.00', 'upcoming'],
    ]);
    expect(nextInstallment(states)).toEqual({ number: 2, count: 3, amountDue: '50.00', dueDate: '2026-12-01' });
  });

  it('marks an unpaid past installment overdue, today due, and none next once all are paid', () => {
    expect(installmentStates(plan, 0, '2026-12-01').map((s) => s.status)).toEqual(['overdue', 'due', 'upcoming']);
    const done = installmentStates(plan, 300_00, '2027-02-01');
    expect(done.every((s) => s.status === 'paid')).toBe(true);
    expect(nextInstallment(done)).toBeNull();
    // A refund or more than the plan: never below nothing, never past the plan.
    expect(installmentStates(plan, -5_00, '2026-10-01').map((s) => s.paid)).toEqual(['0.00', '0.00', '0.00']);
  });
});
