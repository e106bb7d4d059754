// The deposit's first step (ADR 015): card or bank transfer, and for a bank transfer the account, read by the
// contract's schemas (quoteDepositIntentSchema's payment type, bankDetailsSchema's routing and account numbers), so
// the messages are the server's. The output is the deposit-intent body and the bank details the confirmation needs.
import { z } from 'zod';
import { quoteDepositIntentSchema } from '@contracts/estimates';
import { bankDetailsSchema, type PaymentType } from '@contracts/payments';
import { heldAs } from '@/lib/form-fields';

export interface DepositStart {
  paymentType: PaymentType;
  /** Digits only; given for a bank transfer, taken at confirmation (POST /api/payment-intents/confirm). */
  bank: { routingNumber: string; accountNumber: string } | null;
}

const { routingNumber, accountNumber } = bankDetailsSchema.shape;

export const depositFormSchema = z
  .object({
    paymentType: heldAs<PaymentType>()(quoteDepositIntentSchema.shape.paymentType),
    routingNumber: z.string(),
    accountNumber: z.string(),
  })
  .transform((values, ctx): DepositStart => {
    if (values.paymentType !== 'bank') return { paymentType: 'card', bank: null };
    const routing = routingNumber.safeParse(values.routingNumber);
    const account = accountNumber.safeParse(values.accountNumber);
    if (!routing.success) ctx.addIssue({ code: 'custom', path: ['routingNumber'], message: routing.error.issues[0]?.message ?? 'Invalid routing number' });
    if (!account.success) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: account.error.issues[0]?.message ?? 'Invalid account number' });
    if (!routing.success || !account.success) return z.NEVER;
    return { paymentType: 'bank', bank: { routingNumber: routing.data, accountNumber: account.data } };
  });

export type DepositFormValues = z.input<typeof depositFormSchema>;

export const EMPTY_DEPOSIT_FORM: DepositFormValues = { paymentType: 'card', routingNumber: '', accountNumber: '' };

export const digitsOnly = (v: string) => v.replace(/\D/g, '');
