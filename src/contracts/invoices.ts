// Invoices: request and response shapes (docs/rules/records.md#invoice-form).
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
  lineItemsInputOf,
  optionalIdInput,
  optionalText,
  pricedLineItemInputSchema,
  pricedLineItemSchema,
} from './line-items';

/** The statuses a client may set (docs/rules/records.md#invoice-statuses). */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/**
 * Statuses only the server sets: `void` by voiding, `credited` when credit notes (with no payment) cover the total
 * (docs/rules/records.md#voiding, #credit-notes). A list may filter by them.
 */
export const CLOSED_INVOICE_STATUSES = ['void', 'credited'] as const;
export const ALL_INVOICE_STATUSES = [...INVOICE_STATUSES, ...CLOSED_INVOICE_STATUSES] as const;

/**
 * Whether the invoice's amounts (lines, tax, customer, number) are locked: it has been sent (or paid, credited,
 * voided), or money has been booked against it. Corrections then go through a credit note or voiding
 * (docs/rules/records.md#locked-invoices). A quote's deposit carried onto a draft does not lock it: the deposit paid
 * for the job, not for these lines, and the draft is where the job's final bill is written (never below it).
 */
export function invoiceAmountsLocked(inv: { status: string; amountPaid: string; amountCredited: string; depositApplied: string }): boolean {
  return inv.status !== 'draft' || toCents(inv.amountPaid) !== toCents(inv.depositApplied) || toCents(inv.amountCredited) !== 0;
}

/** What can still be credited: the total less the credit notes already issued. */
export function creditableCents(inv: { total: string; amountCredited: string }): number {
  return Math.max(0, toCents(inv.total) - toCents(inv.amountCredited));
}

const statusInput = z.enum(INVOICE_STATUSES, { error: `Status must be one of ${INVOICE_STATUSES.join(', ')}` });

const fields = {
  customerId: idInput('Please select a customer'),
  /** Super users choose the organization; everyone else's is their own and this is ignored. */
  organizationId: optionalIdInput('Organization not found'),
  /** Must be a work order of the same organization and customer. */
  workOrderId: optionalIdInput('Work order not found'),
  /** Must be an estimate of the same organization. */
  estimateId: optionalIdInput('Estimate not found'),
  status: statusInput.optional(),
  dueDate: instantInput,
  /** Set to now when the status becomes paid without one. */
  paidDate: instantInput,
  notes: optionalText(),
  /** An array, or the JSON string of one. Lines may carry a discount and tax rates (taxRateIds). */
  lineItems: lineItemsInputOf(pricedLineItemInputSchema).optional(),
  /** The invoice's own discount, on the subtotal. */
  ...documentDiscountFields,
  /** Accepted and ignored: subtotal is the sum of the line amounts net of their discounts. */
  subtotal: z.unknown().optional(),
  /** A tax typed by hand: counts only while no line carries a tax rate (the invoice form sends null, which is 0). */
  tax: decimalInput(0, 'Tax cannot be negative').optional(),
  /** Accepted and ignored: total = subtotal - discount + tax (docs/rules/money-and-payments.md#taxes-and-discounts). */
  total: z.unknown().optional(),
};

/** POST /api/invoices. Status defaults to draft; the number (INV-00001) is assigned by the server. */
export const createInvoiceSchema = z.object(fields).superRefine(checkDiscount);
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
export type CreateInvoice = z.output<typeof createInvoiceSchema>;

/**
 * PUT /api/invoices/:id: fields present replace the stored ones; lineItems, when present, replace the
 * lines. invoiceNumber renames the invoice to a number not used in the organization (else 409).
 */
export const updateInvoiceSchema = z.object({
  ...fields,
  customerId: fields.customerId.optional(),
  invoiceNumber: z
    .string({ error: 'Invoice number is required' })
    .trim()
    .min(1, 'Invoice number is required')
    .max(50, 'Invoice number must be at most 50 characters')
    .optional(),
}).superRefine(checkDiscount);
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;
export type UpdateInvoice = z.output<typeof updateInvoiceSchema>;

export const invoiceListQuerySchema = listQuerySchema.extend({
  status: z.enum(ALL_INVOICE_STATUSES, { error: `Status must be one of ${ALL_INVOICE_STATUSES.join(', ')}` }).optional(),
  customerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  invoiceNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  /** Whether the customer has an e-mail address: Email to customer is offered only then (docs/features.md, Invoices). */
  customerHasEmail: z.boolean(),
  workOrderId: z.number().int().nullable(),
  estimateId: z.number().int().nullable(),
  status: z.string(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  dueDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  notes: z.string().nullable(),
  lineItems: z.array(pricedLineItemSchema),
  ...documentPricingFields,
  /** Completed payments recorded against the invoice. */
  amountPaid: z.string(),
  /** The sum of its credit notes. */
  amountCredited: z.string(),
  /** The quote's deposit carried onto this invoice (part of amountPaid; docs/rules/quote-approval.md#deposits). */
  depositApplied: z.string(),
  /** total - amountPaid - amountCredited, never below 0. */
  balanceDue: z.string(),
  /** Lines, tax, customer and number can no longer be changed (invoiceAmountsLocked). */
  amountsLocked: z.boolean(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** The due date has passed and the invoice is not paid (or its status says overdue). */
  isOverdue: z.boolean(),
  /** The recurring invoice that made it (docs/rules/money-and-payments.md#recurring-invoices), and its period's date. */
  recurringInvoiceId: z.number().int().nullable(),
  recurringDate: z.string().nullable(),
  /** Auto-pay (docs/rules/money-and-payments.md#auto-pay): due, charging, charged, declined or no_card; null when not on auto-pay. */
  autoPayState: z.enum(['due', 'charging', 'charged', 'declined', 'no_card']).nullable(),
  autoPayNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** POST /api/invoices/:id/void. */
export const voidInvoiceSchema = z.object({
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
});
export type VoidInvoiceInput = z.input<typeof voidInvoiceSchema>;
