// The pay page's own checks, with the server's messages, so most mistakes are caught before a request.
import { z } from 'zod';
import { bankDetailsSchema, PAYMENT_MESSAGES, PAYMENT_TYPES, paymentAmountSchema, type PaymentType } from '@contracts/payments';

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

/** The pay page's form for react-hook-form: the fields as typed plus what decides which of them count. */
export const payerFormSchema = z
  .object({
    generic: z.boolean(),
    paymentType: z.enum(PAYMENT_TYPES),
    amount: z.string(),
    customerName: z.string(),
    description: z.string(),
    routingNumber: z.string(),
    accountNumber: z.string(),
  })
  .superRefine((form, ctx) => {
    for (const [path, message] of Object.entries(checkPayerForm(form, form))) ctx.addIssue({ code: 'custom', path: [path], message });
  });

export type PayerFormValues = z.input<typeof payerFormSchema>;

/** A fresh pay page: the generic link asks for amount, name and description; a card unless the payer picks bank. */
export const emptyPayerValues = (generic: boolean): PayerFormValues => ({ ...EMPTY_PAYER_FORM, generic, paymentType: 'card' });

export const digitsOnly = (v: string) => v.replace(/\D/g, '');
