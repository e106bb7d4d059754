// Customer portal (docs/rules/customer-portal.md): one customer's invoices, payments and
// saved cards, reached by a signed-in customer, staff previewing a customer, or a signed portal link.
import { z } from 'zod';
import { decimalInput, documentPricingFields } from './line-items';
import { cardDetailsSchema } from './payments';
import { sharedAttachmentSchema } from './work-order-attachments';

export const PORTAL_MESSAGES = {
  invalidToken: 'This portal link is invalid or has expired',
  noCustomer: 'No customer record matches your account',
  accessDisabled: 'Portal access is not enabled for this account',
  notSignedIn: 'Not signed in',
  customerNotFound: 'Customer not found',
  invoiceNotFound: 'Invoice not found',
  onlySent: 'Only sent invoices can be paid online',
  noEmail: 'This customer has no e-mail address',
  setupNotFound: 'Setup not found',
  cardRequired: 'Card details are required',
  /** Staff previewing a portal without process_payments (docs/customer-portal.md). */
  paymentsNotAllowed: 'Only the customer or staff who process payments can pay or save a card here',
  linksRevoked: 'Portal links revoked',
  // docs/rules/customer-portal.md#messages-on-screen.
  downloaded: 'Invoice downloaded successfully',
  downloadFailed: 'Failed to download invoice',
  paymentErrorTitle: 'Payment Error',
  paymentError: 'Unable to process payment. Please try again.',
  paymentSuccessTitle: 'Payment Successful',
  paymentSuccess: 'Thank you for your payment!',
} as const;

/**
 * The portal link's token travels in this header (the `token` query parameter is still read for old clients).
 * Unlike a query value it never lands in request logs, proxies' access logs or the browser's history.
 */
export const PORTAL_TOKEN_HEADER = 'x-portal-token';
/** The page a portal link opens; the token rides in the fragment (`#token=...`), which browsers never send. */
export const PORTAL_PAGE_PATH = '/customer-portal';
/** A portal link is valid 30 days (docs/rules/customer-portal.md#portal-links). */
export const PORTAL_LINK_DAYS = 30;

const MAX_INT = 2_147_483_647;

/** How the caller reaches the portal: `customer` for staff previewing, `token` for a portal link. */
export const portalAccessQuerySchema = z.object({
  customer: z.coerce.number().int().positive().max(MAX_INT).optional(),
  token: z.string().trim().min(1).max(200).optional(),
});
export type PortalAccessQuery = z.infer<typeof portalAccessQuerySchema>;

export const portalCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  autoPayEnabled: z.boolean(),
  portalAccessEnabled: z.boolean(),
  preferredPaymentMethod: z.string().nullable(),
  paymentTerms: z.string(),
});
export type PortalCustomer = z.infer<typeof portalCustomerSchema>;

export const portalOrganizationSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  slug: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const portalInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  status: z.string(),
  dueDate: z.string().nullable(),
  /** The lines net of their discounts; then the invoice's discount and its tax per rate (docs/rules/money-and-payments.md#taxes-and-discounts). */
  subtotal: z.string(),
  tax: z.string(),
  ...documentPricingFields,
  total: z.string(),
  balanceDue: z.string(),
  isOverdue: z.boolean(),
  /** Under a payment plan: the next installment, what is left of it and when it is due (docs/rules/money-and-payments.md#installments). */
  installment: z.object({ number: z.number().int(), count: z.number().int(), amountDue: z.string(), dueDate: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PortalInvoice = z.infer<typeof portalInvoiceSchema>;

export const portalPaymentSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  amount: z.string(),
  receivedDate: z.string(),
  method: z.string().nullable(),
});
export type PortalPayment = z.infer<typeof portalPaymentSchema>;

/** A credit note on one of the customer's invoices (docs/rules/records.md#credit-notes). */
export const portalCreditNoteSchema = z.object({
  id: z.number().int(),
  creditNoteNumber: z.string(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  total: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type PortalCreditNote = z.infer<typeof portalCreditNoteSchema>;

/** A quote sent to the customer for approval (docs/rules/customer-portal.md#quotes). */
export const portalQuoteSchema = z.object({
  id: z.number().int(),
  estimateNumber: z.string(),
  title: z.string(),
  /** As the quote page shows it: an unanswered quote past its valid-until date is expired. */
  status: z.string(),
  total: z.string(),
  validUntil: z.string().nullable(),
  /** The quote page (/quote/{token}); null for staff previewing, whose visit would count as the customer's. */
  approvalPath: z.string().nullable(),
  /** Whether the customer can still approve, decline or ask for changes. */
  awaitingAnswer: z.boolean(),
});
export type PortalQuote = z.infer<typeof portalQuoteSchema>;

/** docs/rules/customer-portal.md#saved-payment-methods. */
export const savedPaymentMethodSchema = z.object({
  id: z.number().int(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable(),
  isDefault: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

export const portalSummarySchema = z.object({
  /** Balance due of sent invoices. */
  outstandingBalance: z.string(),
  /** Balance due of invoices whose due date has passed and that are not paid. */
  overdueAmount: z.string(),
  /** Payments less refunds. */
  totalPaid: z.string(),
  /** Payments, not counting refunds. */
  paymentCount: z.number().int(),
});
export type PortalSummary = z.infer<typeof portalSummarySchema>;

export const PORTAL_VIEWERS = ['customer', 'staff', 'token'] as const;
export type PortalViewer = (typeof PORTAL_VIEWERS)[number];

/** GET /api/portal. */
export const portalResponseSchema = z.object({
  customer: portalCustomerSchema,
  organization: portalOrganizationSchema,
  invoices: z.array(portalInvoiceSchema),
  /** Photos and files the business shared from the jobs these invoices bill (docs/rules/team.md#photos-and-files). */
  jobAttachments: z.array(sharedAttachmentSchema),
  /** Completed payments and refunds (a refund has a negative amount and method `refund`), newest first. */
  payments: z.array(portalPaymentSchema),
  creditNotes: z.array(portalCreditNoteSchema),
  /** Quotes sent for approval, newest first. */
  quotes: z.array(portalQuoteSchema),
  /** The organization's word for its quotes ("Estimates", "Treatment Plans"): the quotes card's title. */
  quotesLabel: z.string(),
  paymentMethods: z.array(savedPaymentMethodSchema),
  summary: portalSummarySchema,
  viewer: z.enum(PORTAL_VIEWERS),
  /**
   * Whether this viewer may start a payment or save a card: the customer (signed in or by portal link) always,
   * staff previewing only with process_payments. The Pay Now and Add card buttons follow it.
   */
  canPay: z.boolean(),
});
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** POST /api/customers/:id/setup-intent: what the browser needs to collect a card to save. */
export const setupIntentResponseSchema = z.object({
  clientSecret: z.string(),
  intentId: z.string(),
  processor: z.enum(['test', 'stripe']),
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** POST /api/setup-intents/confirm: the client secret proves the caller started this setup. */
export const confirmSetupBodySchema = z.object({
  clientSecret: z.string().min(10).max(300),
  card: cardDetailsSchema.optional(),
});
export type ConfirmSetupBody = z.input<typeof confirmSetupBodySchema>;

/**
 * POST /api/customers/:id/portal-link. The link itself goes only to the customer's e-mail: staff get where it went
 * and until when, never the link (it would let them pay or save a card as the customer).
 */
export const portalLinkResponseSchema = z.object({
  expiresAt: z.string(),
  emailedTo: z.string(),
});
export type PortalLinkResponse = z.infer<typeof portalLinkResponseSchema>;

/** POST /api/customers/:id/portal-links/revoke: how many live links (not expired, not already revoked) were revoked. */
export const revokePortalLinksResponseSchema = z.object({ revoked: z.number().int() });
export type RevokePortalLinksResponse = z.infer<typeof revokePortalLinksResponseSchema>;

/** The query string of a staff preview (`?customer=`); a portal link's token goes in PORTAL_TOKEN_HEADER instead. */
export function portalAccessSearch(access: { customer?: number | null }): string {
  return access.customer ? `?customer=${access.customer}` : '';
}

/** A portal link: the token in the fragment, so it reaches the browser but never the server's or a proxy's logs. */
export function portalLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}${PORTAL_PAGE_PATH}#token=${encodeURIComponent(token)}`;
}

/**
 * The token of a portal address: `#token=` of the links sent now, else `?token=` of links sent before the fragment
 * form (still honoured). `search` and `hash` as in `location` (with or without their leading ? and #).
 */
export function portalTokenFromAddress(search: string, hash: string): string | undefined {
  const read = (part: string) => new URLSearchParams(part.replace(/^[?#]/, '')).get('token')?.trim() || undefined;
  return read(hash) ?? read(search);
}

/**
 * POST /api/invoices/:id/payment-intent (the portal's Pay Now): `amount` up to the balance due, e.g. the next installment
 * of a payment plan (docs/rules/money-and-payments.md#installments); without it, the whole balance due. The body is
 * optional.
 */
export const portalPaymentBodySchema = z.object({ amount: decimalInput(0.01, 'Amount must be more than 0').optional() });
export type PortalPaymentBody = z.input<typeof portalPaymentBodySchema>;

/** PUT /api/customers/:id/auto-pay: the portal customer pays invoices issued to them with their saved card (docs/rules/money-and-payments.md#auto-pay). */
export const autoPayBodySchema = z.object({ enabled: z.boolean({ error: 'Enabled must be true or false' }) });
export type AutoPayBody = z.infer<typeof autoPayBodySchema>;
export const autoPayResponseSchema = z.object({ autoPayEnabled: z.boolean() });
export const AUTO_PAY_NEEDS_CARD = 'Save a card first: auto-pay charges your saved card when an invoice is issued';
