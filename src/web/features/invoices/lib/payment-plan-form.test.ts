import { describe, expect, it } from 'vitest';
import {
  defaultFirstDueDate,
  installmentCount,
  installmentsTotal,
  paymentPlanFormSchema,
  paymentPlanValues,
  proposedInstallments,
  toPaymentPlanPayload,
  totalsLine,
  type PaymentPlanFormValues,
} from './payment-plan-form';

const THOUSAND = 1000_00;
const rows = (...amounts: string[]) => amounts.map((amount, i) => ({ amount, dueDate: `2027-0${i + 1}-15` }));
const values = (patch: Partial<PaymentPlanFormValues> = {}): PaymentPlanFormValues => ({
  count: '3',
  frequency: 'monthly',
  firstDueDate: '2027-01-15',
  installments: rows('333.34', '333.33', '333.33'),
  ...patch,
});
const messages = (v: PaymentPlanFormValues, balance = THOUSAND) =>
  paymentPlanFormSchema(balance)
    .safeParse(v)
    .error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('payment plan form (docs/rules/money-and-payments.md#installments)', () => {
  it('takes 2 to 36 installments, whole numbers only', () => {
    expect(['2', '36', ' 12 '].map(installmentCount)).toEqual([2, 36, 12]);
    expect(['1', '37', '', '3.5', 'x', '-2', '100'].map(installmentCount)).toEqual([null, null, null, null, null, null, null]);
  });

  it("starts on the invoice's due date while it is ahead, else a week from today", () => {
    expect(defaultFirstDueDate({ dueDate: '2026-12-20T00:00:00.000Z' }, '2026-12-01')).toBe('2026-12-20');
    expect(defaultFirstDueDate({ dueDate: '2026-11-20T00:00:00.000Z' }, '2026-12-01')).toBe('2026-12-08');
    expect(defaultFirstDueDate({ dueDate: '2026-12-01T00:00:00.000Z' }, '2026-12-01')).toBe('2026-12-08');
    expect(defaultFirstDueDate({ dueDate: null }, '2026-12-30')).toBe('2027-01-06');
  });

  it('proposes 3 monthly installments of the balance due, to the cent, by default', () => {
    const v = paymentPlanValues({ dueDate: null, balanceDue: '1000.00' }, '2026-12-01');
    expect(v).toEqual({
      count: '3',
      frequency: 'monthly',
      firstDueDate: '2026-12-08',
      installments: [
        { amount: '333.34', dueDate: '2026-12-08' },
        { amount: '333.33', dueDate: '2027-01-08' },
        { amount: '333.33', dueDate: '2027-02-08' },
      ],
    });
  });

  it('proposes nothing new while the count or the first date cannot be used', () => {
    expect(proposedInstallments(THOUSAND, '4', 'every_2_weeks', '2027-01-31')?.map((r) => r.dueDate)).toEqual(['2027-01-31', '2027-02-14', '2027-02-28', '2027-03-14']);
    expect(proposedInstallments(THOUSAND, '', 'weekly', '2027-01-31')).toBeNull();
    expect(proposedInstallments(THOUSAND, '40', 'weekly', '2027-01-31')).toBeNull();
    expect(proposedInstallments(THOUSAND, '3', 'weekly', '2027-02-30')).toBeNull();
    expect(proposedInstallments(THOUSAND, '3', 'weekly', '')).toBeNull();
  });

  it('keeps a running total, and allows creating only when it is the balance due to the cent', () => {
    expect(totalsLine(rows('333.34', '333.33', '333.33'), THOUSAND)).toEqual({ text: 'Total of installments $1,000.00 of $1,000.00', difference: null, matches: true });
    expect(totalsLine(rows('333.33', '333.33', '333.33'), THOUSAND)).toEqual({ text: 'Total of installments $999.99 of $1,000.00', difference: '$0.01 short', matches: false });
    expect(totalsLine(rows('500', '600'), THOUSAND)).toMatchObject({ difference: '$100.00 over', matches: false });
    // A blank or unreadable amount counts nothing and never matches, even when the rest add up.
    expect(installmentsTotal(rows('1000.00', ''))).toEqual({ cents: THOUSAND, complete: false });
    expect(totalsLine(rows('1000.00', 'abc'), THOUSAND).matches).toBe(false);
    expect(totalsLine(rows('1000.00', '0'), THOUSAND).matches).toBe(false);
  });

  it('sends the schedule as the table shows it', () => {
    const out = paymentPlanFormSchema(THOUSAND).parse(values({ installments: rows('400', '300.5', '299.50') }));
    expect(toPaymentPlanPayload(out)).toEqual({
      frequency: 'monthly',
      installments: [
        { amount: '400.00', dueDate: '2027-01-15' },
        { amount: '300.50', dueDate: '2027-02-15' },
        { amount: '299.50', dueDate: '2027-03-15' },
      ],
    });
  });

  it("says what the contract says about each installment, and the server's sentence about the sum", () => {
    expect(messages(values({ installments: rows('1000.00', '') }))).toEqual([['installments.1.amount', 'Each installment must be more than 0']]);
    expect(messages(values({ installments: rows('1000.00', 'ten') }))).toEqual([['installments.1.amount', 'Must be a number']]);
    expect(messages(values({ installments: [{ amount: '500', dueDate: '2027-02-01' }, { amount: '500', dueDate: '2027-02-01' }] }))).toEqual([
      ['installments.1.dueDate', 'Each due date must come after the one before'],
    ]);
    expect(messages(values({ installments: [{ amount: '500', dueDate: '2027-02-30' }, { amount: '500', dueDate: '2027-03-01' }] }))).toEqual([
      ['installments.0.dueDate', 'Use the YYYY-MM-DD date format'],
    ]);
    expect(messages(values({ installments: rows('333.33', '333.33', '333.33') }))).toEqual([
      ['installments', 'The installments add up to 999.99; they must add up to the balance due, 1000.00'],
    ]);
    expect(messages(values({ count: '1' }))).toEqual([['count', 'Choose from 2 to 36 installments']]);
  });
});
