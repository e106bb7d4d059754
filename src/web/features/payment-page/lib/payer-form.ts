// The pay page's own checks, with the server's messages, so most mistakes are caught before a request.
import { z } from 'zod';
import { bankDetailsSchema, PAYMENT_MESSAGES, paymentAmountSchema, type PaymentType } from '@contracts/payments';

export interface PayerForm {
  amount: string;
  customerName: string;
  description: string;
  routingNumber: string;
  accountNumber: string;
}

export const EMPTY_PAYER_FORM: PayerForm = { amount: '', customerName: '', description: '', routingNumber: '', accountNumber: '' };

export type PayerErrors = Partial<Record<keyof PayerForm, string>>;

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid value';

/** Field errors for the generic link (amount, name, description) and for a bank transfer (routing, account). */
export function checkPayerForm(form: PayerForm, opts: { generic: boolean; paymentType: PaymentType }): PayerErrors {
  const errors: PayerErrors = {};
  if (opts.generic) {
    const amount = paymentAmountSchema.safeParse(form.amount);
    if (!amount.success) errors.amount = firstIssue(amount.error);
    if (!form.customerName.trim()) errors.customerName = PAYMENT_MESSAGES.nameAndDescription;
    if (!form.description.trim()) errors.description = PAYMENT_MESSAGES.nameAndDescription;
  }
  if (opts.paymentType === 'bank') {
    const routing = bankDetailsSchema.shape.routingNumber.safeParse(form.routingNumber);
    if (!routing.success) errors.routingNumber = firstIssue(routing.error);
    const account = bankDetailsSchema.shape.accountNumber.safeParse(form.accountNumber);
    if (!account.success) errors.accountNumber = firstIssue(account.error);
  }
  return errors;
}

export const digitsOnly = (v: string) => v.replace(/\D/g, '');
