// How vendors and their payments read on screen. Type-only contract imports: the lists load without zod.
import type { Vendor, VendorPayment } from '@contracts/vendors';
import { formatDate, formatPhone } from '@contracts/format';
import { formatMoney } from '@contracts/money';

export { PAYMENT_METHOD_LABELS, PAYMENT_TERMS_LABELS, paymentMethodLabel, paymentTermsLabel } from '@contracts/vendor-words';

/** A plain 10-digit number reads (555) 333-1234; anything else (toll-free with 1-, extensions) as entered. */
export function vendorPhone(value: string | null): string | null {
  const phone = value?.trim();
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 && /^[\d\s().-]+$/.test(phone) ? formatPhone(digits) : phone;
}

/** The payment's date, or 'No date' (docs/rules/records.md#vendors). */
export function paymentDateLabel(payment: Pick<VendorPayment, 'paymentDate'>): string {
  return formatDate(payment.paymentDate, 'No date');
}

/** docs/rules/records.md#vendors: 'Ref: ' plus the reference; null when there is none. */
export function referenceLabel(reference: string | null): string | null {
  const ref = reference?.trim();
  return ref ? `Ref: ${ref}` : null;
}

export function paymentAmountLabel(payment: Pick<VendorPayment, 'amount'>): string {
  return formatMoney(payment.amount);
}

export function paymentSummary(payment: Pick<VendorPayment, 'amount' | 'vendorName'>): string {
  return `${formatMoney(payment.amount)} payment to ${payment.vendorName?.trim() || 'this vendor'}`;
}

/** The documented empty texts (docs/rules/lists.md#empty-texts; the list block says 'No results found.' while searching). */
export const NO_VENDORS_TEXT = 'No vendors found. Add your first vendor to get started.';
export const NO_VENDOR_PAYMENTS_TEXT = 'No vendor payments recorded yet.';

export function vendorDeleteWarning(vendor: Pick<Vendor, 'name'>): string {
  return `Delete ${vendor.name}? Every payment recorded for this vendor is deleted with it. This cannot be undone.`;
}
