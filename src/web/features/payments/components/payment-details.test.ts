import { describe, expect, it } from 'vitest';
import { bankProblemToast, paymentDetailsSchema, type PaymentDetails } from './payment-details';

const base: PaymentDetails = {
  invoiceId: '',
  amount: '25',
  customerName: 'Walk-in',
  description: 'Filter',
  reference: '',
  paymentType: 'card',
  routingNumber: '',
  accountNumber: '',
};

function problems(values: PaymentDetails): Record<string, string> {
  const result = paymentDetailsSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('Process Payment form rules', () => {
  it('amount: required, not zero', () => {
    expect(problems({ ...base, amount: '' }).amount).toBe('Amount is required');
    expect(problems({ ...base, amount: '0' }).amount).toBe('Please enter an amount');
    expect(paymentDetailsSchema.parse(base).intent).toMatchObject({ amount: '25.00', invoiceId: null, customerName: 'Walk-in', paymentType: 'card' });
  });

  it('without an invoice, customer name and description are required; with one they are not', () => {
    const both = problems({ ...base, customerName: '', description: '' });
    expect(both.customerName).toBe('When no invoice is selected, customer name and description are required');
    expect(both.description).toBe(both.customerName);
    expect(problems({ ...base, invoiceId: '7', customerName: '', description: '' })).toEqual({});
  });

  it('bank: routing exactly 9 digits, account 6-20 digits, each with its titled toast', () => {
    const routing = problems({ ...base, paymentType: 'bank', routingNumber: '12345678', accountNumber: '123456' });
    expect(routing.routingNumber).toBe('Routing number must be exactly 9 digits');
    expect(bankProblemToast(routing)).toEqual({ title: 'Invalid Routing Number', description: 'Routing number must be exactly 9 digits' });
    const account = problems({ ...base, paymentType: 'bank', routingNumber: '110000000', accountNumber: '12345' });
    expect(bankProblemToast(account)).toEqual({ title: 'Invalid Account Number', description: 'Account number must be 6-20 digits' });
    const ok = paymentDetailsSchema.parse({ ...base, paymentType: 'bank', routingNumber: '110000000', accountNumber: '000123456789' });
    expect(ok.bank).toEqual({ routingNumber: '110000000', accountNumber: '000123456789' });
  });
});
