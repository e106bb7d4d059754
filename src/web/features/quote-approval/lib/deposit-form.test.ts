import { describe, expect, it } from 'vitest';
import { depositFormSchema, EMPTY_DEPOSIT_FORM } from './deposit-form';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the deposit form', () => {
  it('starts a card payment with nothing else to check', () => {
    expect(depositFormSchema.parse(EMPTY_DEPOSIT_FORM)).toEqual({ paymentType: 'card', bank: null });
    // Bank fields typed and then left for the card are not sent.
    expect(depositFormSchema.parse({ paymentType: 'card', routingNumber: '12', accountNumber: 'x' })).toEqual({ paymentType: 'card', bank: null });
  });

  it("asks a bank transfer for the account, in the contract's words", () => {
    expect(issues(depositFormSchema.safeParse({ ...EMPTY_DEPOSIT_FORM, paymentType: 'bank' }))).toEqual({
      routingNumber: 'Routing number must be exactly 9 digits',
      accountNumber: 'Account number must be 6-20 digits',
    });
    expect(issues(depositFormSchema.safeParse({ paymentType: 'bank', routingNumber: '110000000', accountNumber: '12345' }))).toEqual({
      accountNumber: 'Account number must be 6-20 digits',
    });
  });

  it('gives the intent body and the account as digits', () => {
    expect(depositFormSchema.parse({ paymentType: 'bank', routingNumber: '110 000 000', accountNumber: '000-123-456-789' })).toEqual({
      paymentType: 'bank',
      bank: { routingNumber: '110000000', accountNumber: '000123456789' },
    });
  });

  it('holds only the payment types the contract takes', () => {
    expect(depositFormSchema.safeParse({ ...EMPTY_DEPOSIT_FORM, paymentType: 'cash' }).success).toBe(false);
  });
});
