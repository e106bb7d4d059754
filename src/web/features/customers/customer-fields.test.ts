import { describe, expect, it } from 'vitest';
import type { Customer } from '@contracts/customers';
import {
  customerFormValues,
  isCompleteZip,
  issueField,
  PAYMENT_METHOD_OPTIONS,
  PAYMENT_TERMS_OPTIONS,
  phoneAfterEdit,
  phoneInputDisplay,
  shouldFillPlace,
  zipDigits,
} from '@/features/customers/customer-fields';

describe('customer form rules (docs/rules/records.md#customer-form)', () => {
  it('offers the payment terms and methods with their labels, net30 first chosen', () => {
    expect(PAYMENT_TERMS_OPTIONS.map((o) => o.label)).toEqual(['Net 15', 'Net 30', 'Net 45', 'Net 60', 'Due on receipt']);
    expect(PAYMENT_METHOD_OPTIONS.map((o) => o.label)).toEqual(['Card', 'Bank Transfer', 'Check', 'Cash']);
    expect(customerFormValues(null, 4)).toMatchObject({ paymentTerms: 'net30', preferredPaymentMethod: '', organizationId: '4', name: '', taxExempt: false, autoPayEnabled: false });
  });

  it('shows the phone formatted while typing and keeps at most 10 digits', () => {
    expect(phoneInputDisplay('')).toBe('');
    expect(phoneInputDisplay('555')).toBe('(555');
    expect(phoneInputDisplay('5553331234')).toBe('(555) 333-1234');
    expect(phoneAfterEdit('', '555-333-1234 ext 9')).toBe('5553331234');
    expect(phoneAfterEdit('555333', '(555) 3334')).toBe('5553334');
  });

  it('deletes a digit when backspace only removed a formatting character', () => {
    // '(555) 333-1' with the '-' deleted reads '(555) 3331': same digits, shorter text.
    expect(phoneAfterEdit('5553331', '(555) 3331')).toBe('555333');
    expect(phoneAfterEdit('5553', '(555 3')).toBe('555');
  });

  it('keeps ZIP digits only, at most 5, and fills the place only when city and state are both empty', () => {
    expect(zipDigits('62a70-1999')).toBe('62701');
    expect(isCompleteZip('62701')).toBe(true);
    expect(isCompleteZip('6270')).toBe(false);
    expect(shouldFillPlace('', ' ')).toBe(true);
    expect(shouldFillPlace('Chicago', '')).toBe(false);
    expect(shouldFillPlace('', 'IL')).toBe(false);
  });

  it('turns a stored customer into form values, blanks for nulls', () => {
    const customer = {
      id: 3, organizationId: 2, name: 'Ann', email: null, phone: '5553331234', address: null, city: 'Springfield', state: 'IL', zip: '62701',
      companyName: null, notes: null, creditLimit: '1500.00', paymentTerms: 'net60', preferredPaymentMethod: 'check', stripeCustomerId: null,
      portalAccessEnabled: true, autoPayEnabled: true, taxExempt: true, createdAt: '', updatedAt: '',
    } satisfies Customer;
    expect(customerFormValues(customer, null)).toEqual({
      organizationId: '2', name: 'Ann', email: '', phone: '5553331234', address: '', city: 'Springfield', state: 'IL', zip: '62701',
      companyName: '', notes: '', creditLimit: '1500.00', paymentTerms: 'net60', preferredPaymentMethod: 'check', taxExempt: true, autoPayEnabled: true,
    });
  });

  it('maps server issues to form fields', () => {
    expect(issueField('organizationId')).toBe('organizationId');
    expect(issueField(['email'])).toBe('email');
    expect(issueField(['taxExempt'])).toBe('taxExempt');
    expect(issueField(['portalAccessEnabled'])).toBeNull();
  });
});
