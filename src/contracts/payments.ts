// Payments: recording by hand, taking cards and bank transfers through the organization's processor or the
// built-in test gateway (docs/rules/money-and-payments.md#test-gateway), shared by the server and the payment forms.
import { z } from 'zod';
import { parseInstant } from './dates';
import { fromCents, MAX_CENTS, toCents } from './money';

export const PAYMENT_METHODS = ['cash', 'check', 'credit_card', 'bank_transfer', 'wire_transfer', 'ach'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
  wire_transfer: 'Wire Transfer',
  ach: 'ACH',
};

export const PAYMENT_TYPES = ['card', 'bank'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_MESSAGES = {
  amountRequired: 'Amount is required',
  amountZero: 'Please enter an amount',
  amountNegative: 'Amount must be greater than zero',
  amountDecimals: 'Amount can have at most 2 decimal places',
  amountTooLarge: 'Amount must be at most 99,999,999.99',
  nameAndDescription: 'When no invoice is selected, customer name and description are required',
  routing: 'Routing number must be exactly 9 digits',
  routingTitle: 'Invalid Routing Number',
  account: 'Account number must be 6-20 digits',
  accountTitle: 'Invalid Account Number',
  invoiceRequired: 'Please select an invoice',
  invoiceNotFound: 'Invoice not found',
  invoicePaid: 'This invoice is already paid',
  invoiceVoid: 'This invoice is void and cannot be paid',
  squareUnsupported: 'Square payments are not supported yet',
  manualOnly: 'Online payment is not offered: this organization records payments by hand',
} as const;

export const overBalanceMessage = (balance: string) => `Amount cannot exceed the balance due of $${balance}`;

/**
 * A positive amount of at most two decimals, as a number or a decimal string; parsed to a decimal string.
 * The messages are the form's (docs/rules/money-and-payments.md#payment-form).
 */
export const paymentAmountSchema = z
  .union([z.number(), z.string()], { error: (iss) => (iss.input === undefined || iss.input === null ? PAYMENT_MESSAGES.amountRequired : 'Amount must be a number') })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountRequired });
      return z.NEVER;
    }
    if (!/^-?\d+(\.\d+)?$/.test(text) && !(typeof v === 'number' && Number.isFinite(v))) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be a number' });
      return z.NEVER;
    }
    let cents: number;
    try {
      cents = toCents(typeof v === 'number' ? v : text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Amount must be a number' });
      return z.NEVER;
    }
    const decimals = text.includes('.') && typeof v === 'string' ? text.split('.')[1].length : 0;
    if (decimals > 2 || (typeof v === 'number' && Math.abs(Math.round(v * 100) - v * 100) > 1e-6)) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountDecimals });
      return z.NEVER;
    }
    if (cents === 0) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountZero });
      return z.NEVER;
    }
    if (cents < 0) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountNegative });
      return z.NEVER;
    }
    if (cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountTooLarge });
      return z.NEVER;
    }
    return fromCents(cents);
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/payments: a payment recorded by hand against an invoice. */
export const recordPaymentBodySchema = z.object({
  invoiceId: z.coerce.number({ error: PAYMENT_MESSAGES.invoiceRequired }).int().positive(PAYMENT_MESSAGES.invoiceRequired),
  amount: paymentAmountSchema,
  method: z.enum(PAYMENT_METHODS, { error: 'Please choose a valid payment method' }).default('cash'),
  reference: optionalText(200),
  notes: optionalText(2000),
  receivedDate: z.iso
    .datetime({ offset: true, error: 'Received date must be a date' })
    .or(z.iso.date())
    .refine((v) => parseInstant(v) !== null, 'Received date must be a date')
    .nullish(),
});
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;

export const paymentSchema = z.object({
  id: z.number(),
  organizationId: z.number(),
  invoiceId: z.number().nullable(),
  invoiceNumber: z.string().nullable(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  amount: z.string(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  description: z.string().nullable(),
  receivedDate: z.string(),
  stripePaymentIntentId: z.string().nullable(),
  processor: z.string().nullable(),
  status: z.string(),
  /** On a refund (a negative amount): the payment it returns money from. */
  refundOfPaymentId: z.number().nullable(),
  /** On a payment: what its pending and completed refunds return (decimal string). */
  amountRefunded: z.string(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /api/payments/:id/refunds (docs/rules/money-and-payments.md#refunds). */
export const refundPaymentBodySchema = z.object({
  amount: paymentAmountSchema,
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
  /** Made once per refund dialog: the same key again returns the first refund instead of refunding twice. */
  idempotencyKey: z.uuid({ error: 'Idempotency key must be a UUID' }),
});
export type RefundPaymentInput = z.input<typeof refundPaymentBodySchema>;

/**
 * What can still be refunded of a payment, in cents: 0 unless it is a completed payment (not itself a refund); else its
 * amount less its pending and completed refunds. The server's check and the Refund button read the same rule.
 */
export function refundableCents(p: { status: string; amount: string; amountRefunded: string; refundOfPaymentId: number | null }): number {
  if (p.status !== 'completed' || p.refundOfPaymentId !== null) return 0;
  return Math.max(0, toCents(p.amount) - toCents(p.amountRefunded));
}

export const REFUND_MESSAGES = {
  notRefundable: 'Only a completed payment can be refunded',
  overRefund: (left: string) => `The refund cannot be more than ${left}, what is left of this payment`,
  nothingLeft: 'This payment has been refunded in full',
  processorGone: 'The Stripe processor that took this payment is no longer active: refund it from the Stripe dashboard',
} as const;

/** POST /api/create-payment-intent (docs/rules/money-and-payments.md#payment-form). */
export const createPaymentIntentBodySchema = z
  .object({
    amount: paymentAmountSchema,
    invoiceId: z.coerce.number().int().positive().nullish(),
    customerName: optionalText(200),
    description: optionalText(500),
    reference: optionalText(200),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'Payment type must be card or bank' }).default('card'),
  })
  .superRefine((v, ctx) => {
    if (!v.invoiceId && (!v.customerName || !v.description)) {
      ctx.addIssue({ code: 'custom', path: [v.customerName ? 'description' : 'customerName'], message: PAYMENT_MESSAGES.nameAndDescription });
    }
  });
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBodySchema>;

/** What the browser needs to confirm a payment: through Stripe Elements, or the built-in test gateway's form. */
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  intentId: z.string(),
  processor: z.enum(['test', 'stripe']),
  /** True for the built-in test gateway and for a Stripe processor in test mode: the form shows a "Test mode" badge. */
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  amount: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

/**
 * GET /api/payment-mode: which processor would take a payment, known before one starts, so every step of a payment
 * form can carry the "Test mode" badge (docs/payments.md, Test mode).
 */
export const paymentModeQuerySchema = z.object({
  invoiceId: z.coerce.number().int().positive().optional(),
  organizationId: z.coerce.number().int().positive().optional(),
});
export const paymentModeSchema = z.object({
  processor: z.enum(['test', 'stripe', 'manual', 'square']),
  /** True for the built-in test gateway and for a Stripe processor in test mode. */
  testMode: z.boolean(),
});
export type PaymentMode = z.infer<typeof paymentModeSchema>;

const digits = (v: string) => v.replace(/\D/g, '');

export const bankDetailsSchema = z.object({
  routingNumber: z.string().transform(digits).pipe(z.string().regex(/^\d{9}$/, PAYMENT_MESSAGES.routing)),
  accountNumber: z.string().transform(digits).pipe(z.string().regex(/^\d{6,20}$/, PAYMENT_MESSAGES.account)),
  accountHolderName: optionalText(200),
});

export const cardDetailsSchema = z.object({
  number: z.string().transform(digits).pipe(z.string().min(12, 'Your card number is incomplete.').max(19, 'Your card number is invalid.')),
  expMonth: z.coerce.number().int().min(1, "Your card's expiration month is invalid.").max(12, "Your card's expiration month is invalid."),
  expYear: z.coerce.number().int().min(2000, "Your card's expiration year is invalid.").max(2100, "Your card's expiration year is invalid."),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: optionalText(200),
});

/** POST /api/payment-intents/confirm: the client secret proves the caller started this payment. */
export const confirmPaymentBodySchema = z.object({
  clientSecret: z.string().min(10).max(300),
  card: cardDetailsSchema.optional(),
  bank: bankDetailsSchema.optional(),
});
export type ConfirmPaymentBody = z.input<typeof confirmPaymentBodySchema>;

export const confirmPaymentResponseSchema = z.object({
  status: z.enum(['succeeded', 'processing']),
  payment: paymentSchema.nullable(),
  invoiceStatus: z.string().nullable(),
});
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponseSchema>;
