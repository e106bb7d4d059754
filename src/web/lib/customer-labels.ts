// Display labels of the customer's payment choices. Type-only imports: the list and details views use
// these without loading the contract's zod schemas.
import type { PaymentTerms, PreferredPaymentMethod } from '@contracts/customers';

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  net15: 'Net 15',
  net30: 'Net 30',
  net45: 'Net 45',
  net60: 'Net 60',
  due_on_receipt: 'Due on receipt',
};

export const PAYMENT_METHOD_LABELS: Record<PreferredPaymentMethod, string> = {
  card: 'Card',
  bank_transfer: 'Bank Transfer',
  check: 'Check',
  cash: 'Cash',
};

/** 'Net 30' for net30; an unknown stored value is shown as it is. */
export function paymentTermsLabel(value: string): string {
  return PAYMENT_TERMS_LABELS[value as PaymentTerms] ?? value;
}

export function paymentMethodLabel(value: string | null): string {
  return value ? (PAYMENT_METHOD_LABELS[value as PreferredPaymentMethod] ?? value) : '-';
}
