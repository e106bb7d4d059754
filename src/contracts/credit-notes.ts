// Credit notes: request and response shapes (docs/rules/records.md#credit-notes).
import { z } from 'zod';
import { decimalInput, documentPricingFields, MAX_LINE_ITEMS, pricedLineItemInputSchema, pricedLineItemSchema } from './line-items';
import { listQuerySchema } from './lists';

/** POST /api/invoices/:id/credit-notes: what is credited, as lines (priced by the server) plus tax (per rate, or typed by hand), and why. */
export const createCreditNoteSchema = z.object({
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason must be at most 500 characters'),
  lineItems: z
    .array(pricedLineItemInputSchema, { error: 'Line items must be a list' })
    .min(1, 'Add at least one line')
    .max(MAX_LINE_ITEMS, `At most ${MAX_LINE_ITEMS} line items`),
  /** A tax typed by hand: counts only while no line carries a tax rate (lines carry the invoice's rates by taxRateIds). */
  tax: decimalInput(0, 'Tax cannot be negative').optional(),
});
export type CreateCreditNoteInput = z.input<typeof createCreditNoteSchema>;
export type CreateCreditNote = z.output<typeof createCreditNoteSchema>;

export const creditNoteListQuerySchema = listQuerySchema.extend({
  invoiceId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type CreditNoteListQuery = z.infer<typeof creditNoteListQuerySchema>;

export const creditNoteSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  creditNoteNumber: z.string(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  customerHasEmail: z.boolean(),
  reason: z.string(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  lineItems: z.array(pricedLineItemSchema),
  ...documentPricingFields,
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;
export const creditNoteListSchema = z.array(creditNoteSchema);
