import { describe, expect, it } from 'vitest';
import { VENDOR_PAYMENT_METHODS, VENDOR_PAYMENT_TERMS } from '@contracts/vendors';
import {
  NO_VENDORS_TEXT,
  PAYMENT_METHOD_LABELS,
  PAYMENT_TERMS_LABELS,
  paymentDateLabel,
  paymentMethodLabel,
  paymentSummary,
  paymentTermsLabel,
  referenceLabel,
  vendorDeleteWarning,
  vendorPhone,
} from './vendor-display';

describe('vendor display', () => {
  it('labels every payment term and method of the contract', () => {
    expect(Object.keys(PAYMENT_TERMS_LABELS).sort()).toEqual([...VENDOR_PAYMENT_TERMS].sort());
    expect(Object.keys(PAYMENT_METHOD_LABELS).sort()).toEqual([...VENDOR_PAYMENT_METHODS].sort());
    expect(paymentTermsLabel('net90')).toBe('Net 90');
    expect(paymentTermsLabel('cash_on_delivery')).toBe('Cash on Delivery');
    expect(paymentTermsLabel('net45')).toBe('net45');
    expect(paymentTermsLabel(null)).toBeNull();
    expect(paymentMethodLabel('ach')).toBe('ACH');
    expect(paymentMethodLabel('')).toBeNull();
  });

  it("shows the date or 'No date', and 'Ref: ' plus the reference", () => {
    expect(paymentDateLabel({ paymentDate: '2026-11-21T00:00:00.000Z' })).toBe('Nov 21, 2026');
    expect(paymentDateLabel({ paymentDate: null })).toBe('No date');
    expect(referenceLabel('CHK-1001')).toBe('Ref: CHK-1001');
    expect(referenceLabel('  ')).toBeNull();
    expect(referenceLabel(null)).toBeNull();
  });

  it('formats plain 10-digit phones and keeps other numbers as entered', () => {
    expect(vendorPhone('614.555.0142')).toBe('(614) 555-0142');
    expect(vendorPhone('6145550142')).toBe('(614) 555-0142');
    expect(vendorPhone('1-800-555-0199 x12')).toBe('1-800-555-0199 x12');
    expect(vendorPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(vendorPhone('')).toBeNull();
  });

  it('uses the documented empty text', () => {
    expect(NO_VENDORS_TEXT).toBe('No vendors found. Add your first vendor to get started.');
  });

  it('warns that deleting a vendor deletes its payments', () => {
    expect(vendorDeleteWarning({ name: 'Acme' })).toMatch(/^Delete Acme\? Every payment recorded for this vendor is deleted with it\./);
    expect(paymentSummary({ amount: '1234.5', vendorName: 'Acme' })).toBe('$1,234.50 payment to Acme');
  });
});
