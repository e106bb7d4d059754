// The Process Payment form's rules (part 1 section 5, Card/bank payment), kept apart from the dialog so they are tested alone.
import { PAYMENT_MESSAGES, type PaymentType } from '@contracts/payments';

export interface PaymentDetails {
  invoiceId: string;
  amount: string;
  customerName: string;
  description: string;
  reference: string;
  routingNumber: string;
  accountNumber: string;
}

export interface DetailsProblem {
  ok: boolean;
  fields: Partial<Record<keyof PaymentDetails, string>>;
  toast?: { title: string; description: string };
}

export function validatePaymentDetails(d: PaymentDetails, type: PaymentType): DetailsProblem {
  const fields: DetailsProblem['fields'] = {};
  let toast: DetailsProblem['toast'];
  const amount = d.amount.trim();
  if (amount === '') fields.amount = PAYMENT_MESSAGES.amountRequired;
  else if (!Number.isFinite(Number(amount)) || Number(amount) === 0) fields.amount = PAYMENT_MESSAGES.amountZero;
  else if (Number(amount) < 0) fields.amount = PAYMENT_MESSAGES.amountNegative;
  else if (/\.\d{3,}$/.test(amount)) fields.amount = PAYMENT_MESSAGES.amountDecimals;
  if (!d.invoiceId && (!d.customerName.trim() || !d.description.trim())) {
    if (!d.customerName.trim()) fields.customerName = PAYMENT_MESSAGES.nameAndDescription;
    if (!d.description.trim()) fields.description = PAYMENT_MESSAGES.nameAndDescription;
  }
  if (type === 'bank') {
    if (!/^\d{9}$/.test(d.routingNumber)) {
      fields.routingNumber = PAYMENT_MESSAGES.routing;
      toast = { title: PAYMENT_MESSAGES.routingTitle, description: PAYMENT_MESSAGES.routing };
    } else if (!/^\d{6,20}$/.test(d.accountNumber)) {
      fields.accountNumber = PAYMENT_MESSAGES.account;
      toast = { title: PAYMENT_MESSAGES.accountTitle, description: PAYMENT_MESSAGES.account };
    }
  }
  return { ok: Object.keys(fields).length === 0, fields, toast };
}
