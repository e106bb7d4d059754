// The Process Payment form's first step (docs/rules/money-and-payments.md#payment-form): the fields as typed, checked by the
// contract's schemas for starting an intent and for bank details, so the form and the server say the same words.
// Kept apart from the dialog so it is tested alone.
import { z } from 'zod';
import { bankDetailsSchema, createPaymentIntentBodySchema, PAYMENT_MESSAGES, PAYMENT_TYPES } from '@contracts/payments';

export const paymentDetailsSchema = z
  .object({
    invoiceId: z.string(),
    amount: z.string(),
    customerName: z.string(),
    description: z.string(),
    reference: z.string(),
    paymentType: z.enum(PAYMENT_TYPES),
    routingNumber: z.string(),
    accountNumber: z.string(),
  })
  .transform(({ routingNumber, accountNumber, ...v }, ctx) => {
    const intent = createPaymentIntentBodySchema.safeParse({ ...v, invoiceId: v.invoiceId ? Number(v.invoiceId) : null });
    const bank = v.paymentType === 'bank' ? bankDetailsSchema.safeParse({ routingNumber, accountNumber }) : null;
    const issues = [intent, bank].flatMap((result) => (result && !result.success ? result.error.issues.map(({ path, message }) => ({ path, message })) : []));
    // The contract names the first missing of the two; the form marks each one that is empty.
    if (!v.invoiceId) {
      for (const path of ['customerName', 'description'] as const) {
        if (!v[path].trim() && !issues.some((i) => i.path[0] === path)) issues.push({ path: [path], message: PAYMENT_MESSAGES.nameAndDescription });
      }
    }
    for (const { path, message } of issues) ctx.addIssue({ code: 'custom', path, message });
    if (!intent.success || (bank && !bank.success)) return z.NEVER;
    return { intent: intent.data, bank: bank ? { routingNumber: bank.data.routingNumber, accountNumber: bank.data.accountNumber } : undefined };
  });

export type PaymentDetails = z.input<typeof paymentDetailsSchema>;

export const EMPTY_PAYMENT_DETAILS: PaymentDetails = {
  invoiceId: '',
  amount: '',
  customerName: '',
  description: '',
  reference: '',
  paymentType: 'card',
  routingNumber: '',
  accountNumber: '',
};

/** The titled toast of a refused bank field (routing first), as the original form showed it. */
export function bankProblemToast(errors: { routingNumber?: unknown; accountNumber?: unknown }) {
  if (errors.routingNumber) return { title: PAYMENT_MESSAGES.routingTitle, description: PAYMENT_MESSAGES.routing };
  if (errors.accountNumber) return { title: PAYMENT_MESSAGES.accountTitle, description: PAYMENT_MESSAGES.account };
  return null;
}
