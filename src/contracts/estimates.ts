// Estimates (quotes): request and response shapes (docs/rules/records.md#estimate-form).
import { z } from 'zod';
import { listQuerySchema } from './lists';
import { decimalInput, idInput, instantInput, lineItemSchema, lineItemsInput, optionalIdInput, optionalText } from './line-items';

export const ESTIMATE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

const statusInput = z.enum(ESTIMATE_STATUSES, { error: `Status must be one of ${ESTIMATE_STATUSES.join(', ')}` });
const titleInput = z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters');

const fields = {
  customerId: idInput('Please select a customer'),
  /** Super users choose the organization; everyone else's is their own and this is ignored. */
  organizationId: optionalIdInput('Organization not found'),
  title: titleInput,
  description: optionalText(),
  status: statusInput.optional(),
  /** An array, or the JSON string of one (the original form sends a string). */
  lineItems: lineItemsInput.optional(),
  /** Accepted and ignored: subtotal is the sum of the line amounts. */
  subtotal: z.unknown().optional(),
  /** Taken from the client; blank or null is 0. */
  tax: decimalInput(0, 'Tax cannot be negative').optional(),
  /** Accepted and ignored: total = subtotal + tax. */
  total: z.unknown().optional(),
  validUntil: instantInput,
  notes: optionalText(),
};

/** POST /api/estimates. Status defaults to draft; the number (EST-00001) is assigned by the server. */
export const createEstimateSchema = z.object(fields);
export type CreateEstimateInput = z.input<typeof createEstimateSchema>;
export type CreateEstimate = z.output<typeof createEstimateSchema>;

/** PUT /api/estimates/:id: fields present replace the stored ones; lineItems, when present, replace the lines. */
export const updateEstimateSchema = z.object({ ...fields, customerId: fields.customerId.optional(), title: titleInput.optional() });
export type UpdateEstimateInput = z.input<typeof updateEstimateSchema>;
export type UpdateEstimate = z.output<typeof updateEstimateSchema>;

export const estimateListQuerySchema = listQuerySchema.extend({
  status: statusInput.optional(),
  customerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;

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
  lineItems: z.array(lineItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Estimate = z.infer<typeof estimateSchema>;
export const estimateListSchema = z.array(estimateSchema);
