// Labels and rules the processor list needs, without zod: the list screen loads before any form does.
// processor-options.test.ts keeps them equal to @contracts/payment-processors.
import type { PaymentProcessor, ProcessorCapability, ProcessorConfigField, ProcessorFeeField, ProcessorType } from '@contracts/payment-processors';

export const PROCESSOR_TYPE_OPTIONS: readonly { value: ProcessorType; label: string }[] = [
  { value: 'stripe', label: 'Stripe' },
  { value: 'square', label: 'Square' },
  { value: 'manual', label: 'Manual Payments' },
];

export const CAPABILITY_OPTIONS: readonly { value: ProcessorCapability; label: string }[] = [
  { value: 'credit_card', label: 'Credit Card' },
  { value: 'debit_card', label: 'Debit Card' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'ach', label: 'ACH' },
  { value: 'recurring', label: 'Recurring' },
  { value: 'refunds', label: 'Refunds' },
  { value: 'disputes', label: 'Disputes' },
  { value: 'webhooks', label: 'Webhooks' },
];

export const FEE_OPTIONS: readonly { value: ProcessorFeeField; label: string; placeholder?: string }[] = [
  { value: 'transactionFee', label: 'Transaction Fee (%)', placeholder: '2.9' },
  { value: 'fixedFee', label: 'Fixed Fee ($)', placeholder: '0.30' },
  { value: 'monthlyFee', label: 'Monthly Fee ($)' },
  { value: 'setupFee', label: 'Setup Fee ($)' },
];
export const FEE_STEP = '0.01';

export const CONFIG_FIELDS: Record<ProcessorType, readonly ProcessorConfigField[]> = {
  stripe: [
    { key: 'secretKey', label: 'Secret Key', prefix: 'sk_', placeholder: 'sk_test_...' },
    { key: 'publishableKey', label: 'Publishable Key', prefix: 'pk_', placeholder: 'pk_test_...' },
    { key: 'webhookSecret', label: 'Webhook Secret', prefix: 'whsec_', placeholder: 'whsec_...' },
  ],
  square: [
    { key: 'applicationId', label: 'Application ID' },
    { key: 'accessToken', label: 'Access Token' },
    { key: 'locationId', label: 'Location ID' },
  ],
  manual: [],
};

/** Secrets come back from the server as '••••' plus at most their last 4 characters. */
export const SECRET_MASK = '••••';

export function isMaskedValue(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(SECRET_MASK);
}

export function processorTypeLabel(type: string): string {
  return PROCESSOR_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
}

export function capabilityLabel(id: string): string {
  return CAPABILITY_OPTIONS.find((o) => o.value === id)?.label ?? id;
}

/** "2.90% + $0.30", "$25.00/month"; empty when no fee is set. */
export function feeSummary(fees: PaymentProcessor['fees']): string {
  const parts: string[] = [];
  const perPayment = [fees.transactionFee && `${fees.transactionFee}%`, fees.fixedFee && `$${fees.fixedFee}`].filter(Boolean).join(' + ');
  if (perPayment) parts.push(`${perPayment} per payment`);
  if (fees.monthlyFee) parts.push(`$${fees.monthlyFee}/month`);
  if (fees.setupFee) parts.push(`$${fees.setupFee} setup`);
  return parts.join(' · ');
}
