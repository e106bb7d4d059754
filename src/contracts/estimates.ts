// Estimates (quotes): request and response shapes (docs/rules/records.md#estimate-form).
import { z } from 'zod';
import { listQuerySchema } from './lists';
import { toCents } from './money';
import {
  checkDiscount,
  decimalInput,
  documentDiscountFields,
  documentPricingFields,
  idInput,
  instantInput,
  lineItemInputSchema,
  lineItemsInputOf,
  optionalIdInput,
  optionalText,
  pricedLineFields,
  pricedLineItemSchema,
} from './line-items';

export const DEPOSIT_TYPES = ['percent', 'fixed'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/**
 * The deposit due on a total: a percent rounds half away from zero to the cent; a fixed amount never exceeds the total
 * (docs/rules/quote-approval.md#deposits). 0 without a deposit.
 */
export function depositCents(totalCents: number, type: DepositType | null | undefined, value: string | null | undefined): number {
  if (!type || !value) return 0;
  if (type === 'fixed') return Math.min(toCents(value), Math.max(0, totalCents));
  // value has two decimals: percent x 100 as an integer; total x that / 10,000, rounded half away from zero.
  const basisPoints = toCents(value);
  const raw = totalCents * basisPoints;
  return Math.max(0, Math.round(raw / 10_000));
}

/** docs/rules/quote-approval.md#statuses: viewed, approved, declined and changes_requested come from the customer's page. */
export const ESTIMATE_STATUSES = ['draft', 'sent', 'viewed', 'approved', 'declined', 'changes_requested', 'expired', 'converted'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** What staff may set by hand: converted comes only from converting, viewed only from the customer. */
export const ESTIMATE_SETTABLE_STATUSES = ['draft', 'sent', 'approved', 'declined', 'changes_requested', 'expired'] as const satisfies readonly EstimateStatus[];

/** An approved (signed) or converted quote cannot be edited: a new version replaces it (docs/rules/quote-approval.md#versions). */
export const estimateLocked = (status: string) => status === 'approved' || status === 'converted';

/** Statuses in which the customer can still answer on the quote page. */
export const AWAITING_ANSWER_STATUSES = ['sent', 'viewed', 'changes_requested'] as const satisfies readonly EstimateStatus[];

// "accepted" was this product's word before approval online: clients that still send it mean approved.
const statusInput = z.preprocess(
  (v) => (v === 'accepted' ? 'approved' : v),
  z.enum(ESTIMATE_SETTABLE_STATUSES, { error: `Status must be one of ${ESTIMATE_SETTABLE_STATUSES.join(', ')}` }),
);
const statusFilter = z.preprocess((v) => (v === 'accepted' ? 'approved' : v), z.enum(ESTIMATE_STATUSES, { error: `Status must be one of ${ESTIMATE_STATUSES.join(', ')}` }));

/** An estimate line: an optional item is offered to the customer unticked; selected says whether it counts. */
export const estimateLineItemInputSchema = lineItemInputSchema
  .extend({
    ...pricedLineFields,
    optional: z.boolean({ error: 'Optional must be true or false' }).optional(),
    selected: z.boolean({ error: 'Selected must be true or false' }).optional(),
  })
  .superRefine(checkDiscount);
export type EstimateLineItemInput = z.input<typeof estimateLineItemInputSchema>;
const titleInput = z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters');

const fields = {
  customerId: idInput('Please select a customer'),
  /** Super users choose the organization; everyone else's is their own and this is ignored. */
  organizationId: optionalIdInput('Organization not found'),
  title: titleInput,
  description: optionalText(),
  status: statusInput.optional(),
  /** An array, or the JSON string of one (the original form sends a string). */
  lineItems: lineItemsInputOf(estimateLineItemInputSchema).optional(),
  /** The estimate's own discount, on the subtotal. */
  ...documentDiscountFields,
  /** Accepted and ignored: subtotal is the sum of the counted line amounts net of their discounts. */
  subtotal: z.unknown().optional(),
  /** A tax typed by hand (blank or null is 0): counts only while no line carries a tax rate. */
  tax: decimalInput(0, 'Tax cannot be negative').optional(),
  /** Accepted and ignored: total = subtotal - discount + tax (docs/rules/money-and-payments.md#taxes-and-discounts). */
  total: z.unknown().optional(),
  validUntil: instantInput,
  notes: optionalText(),
  /** Shown to the customer on the quote page and the PDF. */
  terms: optionalText(),
  /** A deposit due on approval: percent of the total or a fixed amount; null for none (docs/rules/quote-approval.md#deposits). */
  depositType: z.enum(DEPOSIT_TYPES, { error: 'Deposit must be percent or fixed' }).nullable().optional(),
  depositValue: decimalInput(0.01, 'Deposit must be more than 0').optional(),
};

/** A deposit needs its value, and a percent is at most 100 (the server's rule and the form's). */
export function checkDeposit(
  v: { depositType?: DepositType | null; depositValue?: string | null; discountType?: string | null; discountValue?: string | null },
  ctx: z.RefinementCtx,
) {
  checkDiscount(v, ctx);
  if (v.depositType && (v.depositValue === null || v.depositValue === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['depositValue'], message: 'Enter the deposit' });
  }
  if (v.depositType === 'percent' && v.depositValue && toCents(v.depositValue) > 10_000) {
    ctx.addIssue({ code: 'custom', path: ['depositValue'], message: 'A percent deposit is at most 100' });
  }
}

/** POST /api/estimates. Status defaults to draft; the number (EST-00001) is assigned by the server. */
export const createEstimateSchema = z.object(fields).superRefine(checkDeposit);
export type CreateEstimateInput = z.input<typeof createEstimateSchema>;
export type CreateEstimate = z.output<typeof createEstimateSchema>;

/** PUT /api/estimates/:id: fields present replace the stored ones; lineItems, when present, replace the lines. */
export const updateEstimateSchema = z.object({ ...fields, customerId: fields.customerId.optional(), title: titleInput.optional() }).superRefine(checkDeposit);
export type UpdateEstimateInput = z.input<typeof updateEstimateSchema>;
export type UpdateEstimate = z.output<typeof updateEstimateSchema>;

export const estimateListQuerySchema = listQuerySchema.extend({
  status: statusFilter.optional(),
  customerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;

export const estimateLineItemSchema = pricedLineItemSchema.extend({ optional: z.boolean(), selected: z.boolean() });
export type EstimateLineItem = z.infer<typeof estimateLineItemSchema>;

/** A drawn signature: strokes of [x, y] points inside a width x height box (docs/rules/quote-approval.md#signature). */
export const signatureSchema = z.object({
  width: z.number().int().min(50).max(2000),
  height: z.number().int().min(30).max(1000),
  strokes: z.array(z.array(z.tuple([z.number().finite(), z.number().finite()])).min(1).max(2000)).min(1).max(200),
});
export type Signature = z.infer<typeof signatureSchema>;

export const ESTIMATE_RESPONSE_KINDS = ['approved', 'declined', 'changes_requested'] as const;
export const estimateResponseSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  kind: z.enum(ESTIMATE_RESPONSE_KINDS),
  signerName: z.string().nullable(),
  signature: signatureSchema.nullable(),
  message: z.string().nullable(),
  total: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

export const estimateSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  estimateNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  /** Whether the customer has an e-mail address: Email to customer is offered only then (docs/features.md, Invoices). */
  customerHasEmail: z.boolean(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  validUntil: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  lineItems: z.array(estimateLineItemSchema),
  ...documentPricingFields,
  /** 1, then one more per new version (docs/rules/quote-approval.md#versions). */
  version: z.number().int(),
  /** The customer's quote page (/quote/{token}) once sent for approval; null before. */
  approvalPath: z.string().nullable(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  convertedAt: z.string().nullable(),
  /** The customer's answers to this quote, newest first (every version). */
  responses: z.array(estimateResponseSchema),
  /** What it was converted to (linked back by their estimateId). */
  workOrders: z.array(z.object({ id: z.number().int(), orderNumber: z.string() })),
  invoices: z.array(z.object({ id: z.number().int(), invoiceNumber: z.string() })),
  depositType: z.enum(DEPOSIT_TYPES).nullable(),
  depositValue: z.string().nullable(),
  /** The deposit due on the current total (depositCents), or null without one. */
  depositAmount: z.string().nullable(),
  /** Deposits paid, less their refunds. */
  depositPaid: z.string(),
  /** Earlier versions, newest first. */
  versions: z.array(z.object({ version: z.number().int(), total: z.string(), status: z.string(), createdAt: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Estimate = z.infer<typeof estimateSchema>;

/** A list row: the estimate without its answers, versions and conversions (the record's GET has them). */
export const estimateListItemSchema = estimateSchema.omit({ responses: true, workOrders: true, invoices: true, versions: true, depositPaid: true });
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;
export const estimateListSchema = z.array(estimateListItemSchema);

/** POST /api/estimates/:id/send-for-approval: the link by e-mail (default) and/or text message. */
export const sendForApprovalSchema = z
  .object({
    email: z.boolean({ error: 'Email must be true or false' }).default(true),
    sms: z.boolean({ error: 'SMS must be true or false' }).default(false),
  })
  .refine((v) => v.email || v.sms, { message: 'Choose e-mail, text message or both', path: ['email'] });
export type SendForApprovalInput = z.input<typeof sendForApprovalSchema>;
export type SendForApproval = z.output<typeof sendForApprovalSchema>;
export const sendForApprovalResultSchema = z.object({ message: z.string(), approvalUrl: z.string(), estimate: estimateSchema });

/** POST /api/estimates/:id/convert: an approved quote becomes a work order and/or an invoice, lines copied. */
export const convertEstimateSchema = z
  .object({
    workOrder: z.boolean({ error: 'Work order must be true or false' }).default(false),
    invoice: z.boolean({ error: 'Invoice must be true or false' }).default(false),
  })
  .refine((v) => v.workOrder || v.invoice, { message: 'Choose a work order, an invoice or both', path: ['workOrder'] });
export type ConvertEstimateInput = z.input<typeof convertEstimateSchema>;
export type ConvertEstimate = z.output<typeof convertEstimateSchema>;

// The customer's quote page (public, behind the approval link's token).

/** Any text up to 200 characters: a token that is not one of ours is a 404 `Quote not found`, whatever it looks like. */
export const quoteTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const publicQuoteSchema = z.object({
  organization: z.object({ name: z.string(), logo: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  /** The organization's word for the record ("Quote", "Treatment Plan"). */
  word: z.string(),
  estimateNumber: z.string(),
  version: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  customerName: z.string().nullable(),
  status: z.enum(ESTIMATE_STATUSES),
  lineItems: z.array(estimateLineItemSchema.omit({ id: true, sortOrder: true }).extend({ id: z.number().int() })),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  ...documentPricingFields,
  validUntil: z.string().nullable(),
  terms: z.string().nullable(),
  /** The deposit asked on approval: due on the current total, paid so far, and what is left to pay. */
  deposit: z
    .object({
      /** The quote's rule, so the page can work the deposit out on the total the customer's ticks make (depositCents). */
      type: z.enum(DEPOSIT_TYPES),
      value: z.string(),
      amount: z.string(),
      paid: z.string(),
      due: z.string(),
    })
    .nullable(),
  /** Approved with a deposit left to pay and not yet invoiced: the page offers to pay it (card or bank). */
  canPayDeposit: z.boolean(),
  /** Payments go to the test gateway or a Stripe test account: the page says "Test mode" from its first step. */
  testMode: z.boolean(),
  /** Whether the customer can still approve, decline or ask for changes (not expired, not answered, not replaced). */
  canRespond: z.boolean(),
  /** The approval of this version, once signed. */
  approval: z.object({ signerName: z.string(), signedAt: z.string(), total: z.string() }).nullable(),
  /** Changes this page cannot show: the sent version changed (reload) is told by a 409. */
  revision: z.string(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

const revisionInput = z.string({ error: 'Reload the page: the quote changed' }).min(1).max(40);

export const approveQuoteSchema = z.object({
  signerName: z.string({ error: 'Type your full name' }).trim().min(2, 'Type your full name').max(200, 'Name must be at most 200 characters'),
  signature: signatureSchema,
  /** The optional items the customer ticked (line ids). */
  selectedOptionalIds: z.array(z.number().int().positive()).max(1000).default([]),
  /** The page's revision: an approval of anything but what the customer saw is refused (409). */
  revision: revisionInput,
});
export type ApproveQuoteInput = z.input<typeof approveQuoteSchema>;
export type ApproveQuote = z.output<typeof approveQuoteSchema>;

export const declineQuoteSchema = z.object({
  reason: z.string({ error: 'Tell us why' }).trim().min(1, 'Tell us why').max(2000, 'Reason must be at most 2000 characters'),
  revision: revisionInput,
});
export type DeclineQuoteInput = z.input<typeof declineQuoteSchema>;
export type DeclineQuote = z.output<typeof declineQuoteSchema>;

export const requestQuoteChangesSchema = z.object({
  message: z.string({ error: 'Tell us what to change' }).trim().min(1, 'Tell us what to change').max(2000, 'Message must be at most 2000 characters'),
  revision: revisionInput,
});
export type RequestQuoteChangesInput = z.input<typeof requestQuoteChangesSchema>;
export type RequestQuoteChanges = z.output<typeof requestQuoteChangesSchema>;

/** POST /api/public/quotes/:token/deposit-intent: start paying what is left of the deposit. */
export const quoteDepositIntentSchema = z.object({
  paymentType: z.enum(['card', 'bank'], { error: 'Payment type must be card or bank' }).default('card'),
});
export type QuoteDepositIntentInput = z.input<typeof quoteDepositIntentSchema>;
