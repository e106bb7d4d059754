// Display rules of the portal's lists.
import { cardBrandLabel, statusLabel } from '@contracts/format';
import type { PortalInvoice } from '@contracts/customer-portal';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@contracts/payments';

/** The brand in words; one table for the portal, the booking page and the server's e-mails (contracts/format.ts). */
export const brandLabel = cardBrandLabel;

/** MM/YYYY, or '-' when the processor did not say. */
export function expiryLabel(month: number | null | undefined, year: number | null | undefined): string {
  if (!month || !year) return '-';
  return `${String(month).padStart(2, '0')}/${year}`;
}

export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return '-';
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? statusLabel(method);
}

/** A positive whole number from the query string, else undefined. */
export function positiveId(raw: string | null): number | undefined {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
}

/** "Installment 2 of 4": which installment of an invoice's payment plan is asked for now. */
export function installmentLabel(installment: NonNullable<PortalInvoice['installment']>): string {
  return `Installment ${installment.number} of ${installment.count}`;
}
