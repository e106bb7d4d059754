// How a vendor's payment terms and a vendor payment's method read (docs/rules/records.md#vendors): on screen and in the
// list exports. No zod here, so the vendor lists load without it.
import type { VendorPaymentMethod, VendorPaymentTerms } from './vendors';

export const PAYMENT_TERMS_LABELS: Record<VendorPaymentTerms, string> = {
  net15: 'Net 15',
  net30: 'Net 30',
  net60: 'Net 60',
  net90: 'Net 90',
  due_on_receipt: 'Due on Receipt',
  cash_on_delivery: 'Cash on Delivery',
};

export const PAYMENT_METHOD_LABELS: Record<VendorPaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
  wire_transfer: 'Wire Transfer',
  ach: 'ACH',
};

/** 'Net 30' for net30; an unknown stored value as it is; null when none. */
export function paymentTermsLabel(value: string | null): string | null {
  if (!value) return null;
  return PAYMENT_TERMS_LABELS[value as VendorPaymentTerms] ?? value;
}

export function paymentMethodLabel(value: string | null): string | null {
  if (!value) return null;
  return PAYMENT_METHOD_LABELS[value as VendorPaymentMethod] ?? value;
}
