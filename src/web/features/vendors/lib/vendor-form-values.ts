// What the vendor and vendor payment forms hold (text, as typed) and the request bodies built from them.
import type { Vendor, VendorFormInput, VendorPayment, VendorPaymentFormInput, VendorPaymentMethod, VendorPaymentTerms } from '@contracts/vendors';

export interface VendorFormValues {
  /** Super users creating a vendor choose its organization; '' for everyone else. */
  organizationId: string;
  name: string;
  companyName: string;
  email: string;
  phone: string;
  address: string;
  taxId: string;
  paymentTerms: VendorPaymentTerms | '';
  notes: string;
}

export function vendorFormValues(vendor: Vendor | null, defaultOrganizationId: number | null = null): VendorFormValues {
  return {
    organizationId: defaultOrganizationId ? String(defaultOrganizationId) : '',
    name: vendor?.name ?? '',
    companyName: vendor?.companyName ?? '',
    email: vendor?.email ?? '',
    phone: vendor?.phone ?? '',
    address: vendor?.address ?? '',
    taxId: vendor?.taxId ?? '',
    paymentTerms: (vendor?.paymentTerms as VendorPaymentTerms | null) ?? '',
    notes: vendor?.notes ?? '',
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** docs/rules/records.md#vendor-form: empty optional fields are sent as null. */
export function vendorPayload(values: VendorFormValues, withOrganization: boolean): VendorFormInput {
  return {
    name: values.name.trim(),
    email: orNull(values.email),
    phone: orNull(values.phone),
    address: orNull(values.address),
    companyName: orNull(values.companyName),
    taxId: orNull(values.taxId),
    paymentTerms: values.paymentTerms === '' ? null : values.paymentTerms,
    notes: orNull(values.notes),
    ...(withOrganization && values.organizationId ? { organizationId: Number(values.organizationId) } : {}),
  };
}

export interface VendorPaymentFormValues {
  vendorId: string;
  amount: string;
  /** `YYYY-MM-DD` or ''. */
  paymentDate: string;
  /** '' (what the original form sends) or one of the methods. */
  method: VendorPaymentMethod | '';
  reference: string;
  description: string;
  notes: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date on the user's calendar, as a date input's value. */
export function todayInput(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The UTC calendar date of a stored instant (dates are shown in UTC), as a date input's value. */
export function dateInput(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A new payment is dated today (docs/rules/records.md#vendor-payment-form). */
export function vendorPaymentFormValues(payment: VendorPayment | null, today = todayInput()): VendorPaymentFormValues {
  return {
    vendorId: payment ? String(payment.vendorId) : '',
    amount: payment?.amount ?? '',
    paymentDate: payment ? dateInput(payment.paymentDate) : today,
    method: (payment?.method as VendorPaymentMethod | null) ?? '',
    reference: payment?.reference ?? '',
    description: payment?.description ?? '',
    notes: payment?.notes ?? '',
  };
}

/** docs/rules/records.md#vendor-payment-form: vendorId a number, method '' unless one was chosen, blank texts and date as null. */
export function vendorPaymentPayload(values: VendorPaymentFormValues): VendorPaymentFormInput {
  return {
    vendorId: Number(values.vendorId),
    amount: values.amount.trim(),
    paymentDate: values.paymentDate || null,
    method: values.method,
    reference: orNull(values.reference),
    description: orNull(values.description),
    notes: orNull(values.notes),
  };
}
