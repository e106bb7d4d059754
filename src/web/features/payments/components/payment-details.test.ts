import { describe, expect, it } from 'vitest';
import { validatePaymentDetails, type PaymentDetails } from './payment-details';

const base: PaymentDetails = { invoiceId: '', amount: '25', customerName: 'Walk-in', description: 'Filter', reference: '', routingNumber: '', accountNumber: '' };

describe('Process Payment form rules', () => {
  it('amount: required, not zero', () => {
    expect(validatePaymentDetails({ ...base, amount: '' }, 'card').fields.amount).toBe('Amount is required');
    expect(validatePaymentDetails({ ...base, amount: '0' }, 'card').fields.amount).toBe('Please enter an amount');
    expect(validatePaymentDetails(base, 'card').ok).toBe(true);
  });

  it('without an invoice, customer name and description are required; with one they are not', () => {
    const r = validatePaymentDetails({ ...base, customerName: '', description: '' }, 'card');
    expect(r.fields.customerName).toBe('When no invoice is selected, customer name and description are required');
    expect(validatePaymentDetails({ ...base, invoiceId: '7', customerName: '', description: '' }, 'card').ok).toBe(true);
  });

  it('bank: routing exactly 9 digits, account 6-20 digits, each with its titled toast', () => {
    const routing = validatePaymentDetails({ ...base, routingNumber: '12345678', accountNumber: '123456' }, 'bank');
    expect(routing.toast).toEqual({ title: 'Invalid Routing Number', description: 'Routing number must be exactly 9 digits' });
    const account = validatePaymentDetails({ ...base, routingNumber: '110000000', accountNumber: '12345' }, 'bank');
    expect(account.toast).toEqual({ title: 'Invalid Account Number', description: 'Account number must be 6-20 digits' });
    expect(validatePaymentDetails({ ...base, routingNumber: '110000000', accountNumber: '000123456789' }, 'bank').ok).toBe(true);
  });
});
