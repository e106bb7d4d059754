import { describe, expect, it } from 'vitest';
import { createVendorBodySchema, createVendorPaymentBodySchema, type Vendor, type VendorPayment } from '@contracts/vendors';
import { dateInput, todayInput, vendorFormValues, vendorPayload, vendorPaymentFormValues, vendorPaymentPayload } from './vendor-form-values';

const vendor: Vendor = {
  id: 7,
  organizationId: 3,
  name: 'Acme',
  email: null,
  phone: '6145550142',
  address: null,
  companyName: 'Acme LLC',
  taxId: null,
  paymentTerms: 'net15',
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const payment: VendorPayment = {
  id: 9,
  organizationId: 3,
  vendorId: 7,
  vendorName: 'Acme',
  amount: '250.00',
  paymentDate: '2026-02-03T15:30:00.000Z',
  method: null,
  reference: 'R-1',
  description: null,
  notes: null,
  createdAt: '2026-02-03T15:30:00.000Z',
};

describe('vendor form values', () => {
  it('sends empty optional fields as null (docs/rules/records.md#vendor-form)', () => {
    const values = { ...vendorFormValues(null), name: '  New Co ', email: ' ', paymentTerms: '' as const };
    expect(vendorPayload(values, false)).toEqual({
      name: 'New Co',
      email: null,
      phone: null,
      address: null,
      companyName: null,
      taxId: null,
      paymentTerms: null,
      notes: null,
    });
  });

  it('round-trips a vendor and sends the organization only when a super user chooses one', () => {
    const values = vendorFormValues(vendor, 3);
    expect(values).toMatchObject({ name: 'Acme', companyName: 'Acme LLC', email: '', paymentTerms: 'net15', organizationId: '3' });
    expect(vendorPayload(values, false)).not.toHaveProperty('organizationId');
    expect(vendorPayload(values, true)).toMatchObject({ organizationId: 3 });
    expect(createVendorBodySchema.safeParse(vendorPayload(values, true)).success).toBe(true);
  });
});

describe('vendor payment form values', () => {
  it('dates a new payment today and sends method as an empty string', () => {
    const values = vendorPaymentFormValues(null, '2026-05-04');
    expect(values).toEqual({ vendorId: '', amount: '', paymentDate: '2026-05-04', method: '', reference: '', description: '', notes: '' });
    const body = vendorPaymentPayload({ ...values, vendorId: '7', amount: ' 19.99 ' });
    expect(body).toEqual({ vendorId: 7, amount: '19.99', paymentDate: '2026-05-04', method: '', reference: null, description: null, notes: null });
    expect(createVendorPaymentBodySchema.parse(body)).toMatchObject({ vendorId: 7, amount: '19.99', method: null, paymentDate: new Date('2026-05-04T00:00:00.000Z') });
  });

  it('edits a payment on its UTC calendar date', () => {
    expect(vendorPaymentFormValues(payment)).toEqual({
      vendorId: '7',
      amount: '250.00',
      paymentDate: '2026-02-03',
      method: '',
      reference: 'R-1',
      description: '',
      notes: '',
    });
    expect(vendorPaymentPayload({ ...vendorPaymentFormValues(payment), paymentDate: '' }).paymentDate).toBeNull();
  });

  it('gives the form the documented messages through the contract schema', () => {
    const result = createVendorPaymentBodySchema.safeParse(vendorPaymentFormValues(null, '2026-05-04'));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({ vendorId: 'Please select a vendor', amount: 'Amount is required' });
  });

  it('reads dates for the date input', () => {
    expect(todayInput(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
    expect(dateInput('2026-12-31T00:00:00.000Z')).toBe('2026-12-31');
    expect(dateInput(null)).toBe('');
    expect(dateInput('garbage')).toBe('');
  });
});
