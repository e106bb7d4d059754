// Pure rules of the customer form: option labels, phone and ZIP input handling, form values <-> customer.
import {
  DEFAULT_PAYMENT_TERMS,
  PAYMENT_TERMS,
  PREFERRED_PAYMENT_METHODS,
  type Customer,
  type PaymentTerms,
  type PreferredPaymentMethod,
} from '@contracts/customers';
import { formatPhone, phoneDigits } from '@contracts/format';
import { PAYMENT_METHOD_LABELS, PAYMENT_TERMS_LABELS } from '@/lib/customer-labels';

export const PAYMENT_TERMS_OPTIONS = PAYMENT_TERMS.map((value) => ({ value, label: PAYMENT_TERMS_LABELS[value] }));
export const PAYMENT_METHOD_OPTIONS = PREFERRED_PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** What the form holds: text for every input, as typed. The contract's schema turns it into the request body. */
export interface CustomerFormValues {
  organizationId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  companyName: string;
  notes: string;
  creditLimit: string;
  paymentTerms: PaymentTerms;
  preferredPaymentMethod: PreferredPaymentMethod | '';
  taxExempt: boolean;
  autoPayEnabled: boolean;
}

function isPaymentTerms(value: string): value is PaymentTerms {
  return (PAYMENT_TERMS as readonly string[]).includes(value);
}

function isPaymentMethod(value: string | null): value is PreferredPaymentMethod {
  return value !== null && (PREFERRED_PAYMENT_METHODS as readonly string[]).includes(value);
}

export function customerFormValues(customer: Customer | null, organizationId: number | null): CustomerFormValues {
  return {
    organizationId: String(customer?.organizationId ?? organizationId ?? ''),
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: phoneDigits(customer?.phone),
    address: customer?.address ?? '',
    city: customer?.city ?? '',
    state: customer?.state ?? '',
    zip: customer?.zip ?? '',
    companyName: customer?.companyName ?? '',
    notes: customer?.notes ?? '',
    creditLimit: customer?.creditLimit ?? '',
    paymentTerms: customer && isPaymentTerms(customer.paymentTerms) ? customer.paymentTerms : DEFAULT_PAYMENT_TERMS,
    preferredPaymentMethod: customer && isPaymentMethod(customer.preferredPaymentMethod) ? customer.preferredPaymentMethod : '',
    taxExempt: customer?.taxExempt ?? false,
    autoPayEnabled: customer?.autoPayEnabled ?? false,
  };
}

/** The phone as shown while typing: (555) 333-1234, partial input as far as it goes, blank when empty. */
export function phoneInputDisplay(digits: string): string {
  return digits ? formatPhone(digits) : '';
}

/**
 * The digits after an edit of the formatted phone input. Deleting only a formatting character
 * (the ')' or '-') would give back the same digits and the same text; it deletes the digit before it instead.
 */
export function phoneAfterEdit(previousDigits: string, typed: string): string {
  const next = phoneDigits(typed);
  if (next === previousDigits && typed.length < phoneInputDisplay(previousDigits).length) return next.slice(0, -1);
  return next;
}

/** ZIP input keeps digits only, at most 5. */
export function zipDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 5);
}

export function isCompleteZip(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/** The lookup fills city and state only when both are still empty (docs/rules/records.md#zip-lookup). */
export function shouldFillPlace(city: string, state: string): boolean {
  return !city.trim() && !state.trim();
}

/** The form field a server issue belongs to (`path` is 'name' or ['name']), if the form has one. */
export function issueField(path: string | (string | number)[]): keyof CustomerFormValues | null {
  const head = Array.isArray(path) ? path[0] : path.split('.')[0];
  const fields: readonly (keyof CustomerFormValues)[] = [
    'organizationId', 'name', 'email', 'phone', 'address', 'city', 'state', 'zip', 'companyName', 'notes', 'creditLimit', 'paymentTerms', 'preferredPaymentMethod', 'taxExempt', 'autoPayEnabled',
  ];
  return typeof head === 'string' && (fields as readonly string[]).includes(head) ? (head as keyof CustomerFormValues) : null;
}
