// Payment links: a public pay page `/payment/{linkId}` for one invoice, or the organization's generic link that
// takes any amount (docs/rules/money-and-payments.md#payment-links).
import { z } from 'zod';
import { paymentAmountSchema, PAYMENT_TYPES } from './payments';

export const PAYMENT_LINK_STATUSES = ['active', 'completed', 'expired'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

export const PAYMENT_LINK_DEFAULT_DAYS = 30;
export const PAYMENT_LINK_MAX_DAYS = 365;

export const PAYMENT_LINK_MESSAGES = {
  notFound: 'Payment link not found',
  expired: 'This payment link has expired',
  completed: 'This payment link has already been paid',
  needsOrganization: 'You need an organization to create a payment link',
  organizationNotFound: 'Organization not found',
  invoiceNotFound: 'Invoice not found',
  invoicePaid: 'This invoice is already paid',
  // docs/rules/money-and-payments.md#messages-on-screen.
  invoiceGenerated: 'Invoice payment link generated successfully',
  genericGenerated: 'Generic payment link generated successfully',
  invoiceFailed: 'Failed to generate invoice payment link',
  genericFailed: 'Failed to generate generic payment link',
  copiedTitle: 'Copied',
  copied: (kind: 'Invoice' | 'Generic') => `${kind} payment link copied to clipboard`,
  copyFailedTitle: 'Copy failed',
  copyFailed: 'Could not copy to clipboard',
  noUnpaidInvoices: 'No unpaid invoices available.',
  noLinks: 'No payment links created yet.',
} as const;

const expiresInDays = z
  .number({ error: `Expiry must be a whole number of days from 1 to ${PAYMENT_LINK_MAX_DAYS}` })
  .int(`Expiry must be a whole number of days from 1 to ${PAYMENT_LINK_MAX_DAYS}`)
  .min(1, `Expiry must be a whole number of days from 1 to ${PAYMENT_LINK_MAX_DAYS}`)
  .max(PAYMENT_LINK_MAX_DAYS, `Expiry must be a whole number of days from 1 to ${PAYMENT_LINK_MAX_DAYS}`);

/** POST /api/invoices/:id/payment-link: the body is optional (no body means the default 30 days). */
export const createInvoicePaymentLinkBodySchema = z.object({ expiresInDays: expiresInDays.optional() });
export type CreateInvoicePaymentLinkBody = z.input<typeof createInvoicePaymentLinkBodySchema>;

/** POST /api/generic-payment-links. */
export const createGenericPaymentLinkBodySchema = z.object({
  organizationId: z
    .number({ error: 'Organization is required' })
    .int('Organization is required')
    .positive('Organization is required')
    .max(2_147_483_647, 'Organization not found'),
  expiresInDays: expiresInDays.optional(),
});
export type CreateGenericPaymentLinkBody = z.input<typeof createGenericPaymentLinkBodySchema>;

/** What the staff see of a link; every create answer holds paymentUrl (docs/rules/money-and-payments.md#payment-links). */
export const paymentLinkSchema = z.object({
  id: z.number().int(),
  /** The super user's lists name each record's organization (docs/decisions/014-list-block.md). */
  organizationId: z.number().int(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  linkId: z.string(),
  /** Null for the generic link: the payer chooses. */
  amount: z.string().nullable(),
  description: z.string().nullable(),
  /** 'expired' is derived: an active link whose expiry has passed. */
  status: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  clickCount: z.number().int(),
  lastClickedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  paymentUrl: z.string(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;
/**
 * What a signed-out visitor gets from the organization home's Pay Now: where to go, not the staff's figures
 * (clicks, dates). docs/features.md, Payment links.
 */
export const visitorGenericLinkSchema = z.object({ linkId: z.string(), paymentUrl: z.string() });
export type VisitorGenericLink = z.infer<typeof visitorGenericLinkSchema>;
export const paymentLinkListSchema = z.array(paymentLinkSchema);

/** The public page's key (random, URL-safe); anything that is not one is simply not found. */
export const linkIdParamsSchema = z.object({ linkId: z.string().min(1).max(200) });

/** POST /api/public/payment-links/:linkId/open: what the pay page shows, and nothing else of the organization. */
export const publicPaymentLinkSchema = z.object({
  linkId: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  organization: z.object({
    name: z.string(),
    logo: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  invoice: z
    .object({
      invoiceNumber: z.string(),
      customerName: z.string().nullable(),
      total: z.string(),
      balanceDue: z.string(),
      dueDate: z.string().nullable(),
      lineItems: z.array(z.object({ description: z.string(), quantity: z.string(), rate: z.string(), amount: z.string() })),
      /** Under a payment plan: the installment the link asks for now (docs/rules/money-and-payments.md#installments). */
      installment: z.object({ number: z.number().int(), count: z.number().int(), amountDue: z.string(), dueDate: z.string() }).nullable(),
    })
    .nullable(),
  /** What the link asks for: the balance due, or the next installment under a payment plan. */
  amount: z.string().nullable(),
  description: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Payments go to the built-in test gateway or a Stripe test account: the page shows "Test mode" from its first step. */
  testMode: z.boolean(),
});
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>;

const payerText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /api/public/payment-links/:linkId/payment-intent. An invoice link pays the invoice's balance due, or its next
 * installment under a payment plan (amount ignored); the generic link needs amount, customerName and description.
 */
export const linkPaymentIntentBodySchema = z.object({
  amount: paymentAmountSchema.optional(),
  customerName: payerText(200),
  description: payerText(500),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'Payment type must be card or bank' }).default('card'),
});
export type LinkPaymentIntentBody = z.input<typeof linkPaymentIntentBodySchema>;
