import { describe, expect, it } from 'vitest';
import { checkPayerForm, EMPTY_PAYER_FORM } from './payer-form';

const NAME_AND_DESCRIPTION = 'When no invoice is selected, customer name and description are required';

describe('checkPayerForm', () => {
  it('asks the generic link for amount, name and description with the server messages', () => {
    expect(checkPayerForm(EMPTY_PAYER_FORM, { generic: true, paymentType: 'card' })).toEqual({
      amount: 'Amount is required',
      customerName: NAME_AND_DESCRIPTION,
      description: NAME_AND_DESCRIPTION,
    });
    expect(checkPayerForm({ ...EMPTY_PAYER_FORM, amount: '0', customerName: 'Pat', description: 'Lawn' }, { generic: true, paymentType: 'card' })).toEqual({
      amount: 'Please enter an amount',
    });
    expect(checkPayerForm({ ...EMPTY_PAYER_FORM, amount: '1.005', customerName: 'Pat', description: ' ' }, { generic: true, paymentType: 'card' })).toEqual({
      amount: 'Amount can have at most 2 decimal places',
      description: NAME_AND_DESCRIPTION,
    });
    expect(checkPayerForm({ ...EMPTY_PAYER_FORM, amount: '12.50', customerName: 'Pat', description: 'Lawn' }, { generic: true, paymentType: 'card' })).toEqual({});
  });

  it('asks nothing of an invoice link paid by card', () => {
    expect(checkPayerForm(EMPTY_PAYER_FORM, { generic: false, paymentType: 'card' })).toEqual({});
  });

  it('checks the bank routing (exactly 9 digits) and account (6-20 digits) numbers', () => {
    expect(checkPayerForm({ ...EMPTY_PAYER_FORM, routingNumber: '12345678', accountNumber: '12345' }, { generic: false, paymentType: 'bank' })).toEqual({
      routingNumber: 'Routing number must be exactly 9 digits',
      accountNumber: 'Account number must be 6-20 digits',
    });
    expect(checkPayerForm({ ...EMPTY_PAYER_FORM, routingNumber: '1100000001', accountNumber: '1'.repeat(21) }, { generic: false, paymentType: 'bank' })).toEqual({
      routingNumber: 'Routing number must be exactly 9 digits',
      accountNumber: 'Account number must be 6-20 digits',
    });
    expect(checkPayerForm({ ...EMPTY_PAYER_FORM, routingNumber: '110000000', accountNumber: '000123' }, { generic: false, paymentType: 'bank' })).toEqual({});
  });
});
