// Work orders (jobs): request and response shapes (docs/rules/records.md#work-order-form).
import { z } from 'zod';
import { assigneeIdsSchema, assigneeSchema } from './assignees';
import { workOrderChecklistSchema } from './checklists';
import { signatureSchema } from './estimates';
import { listQuerySchema } from './lists';
import { decimalInput, idInput, instantInput, lineItemSchema, lineItemsInput, optionalIdInput, optionalText } from './line-items';

export const WORK_ORDER_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

export const WORK_ORDER_MESSAGES = {
  dueBeforeStart: 'Due date cannot be before the start date',
} as const;

/** A job cannot be due before it starts (docs/features.md, Field rules); either date may be left out. */
export function dueBeforeStart(start: Date | string | null | undefined, due: Date | string | null | undefined): boolean {
  if (!start || !due) return false;
  return new Date(due).getTime() < new Date(start).getTime();
}

const statusInput = z.enum(WORK_ORDER_STATUSES, { error: `Status must be one of ${WORK_ORDER_STATUSES.join(', ')}` });
const titleInput = z.string({ error: 'Please enter a job title' }).trim().min(1, 'Please enter a job title').max(200, 'Title must be at most 200 characters');

const fields = {
  customerId: idInput('Please select a customer'),
  /** Super users choose the organization; everyone else's is their own and this is ignored. */
  organizationId: optionalIdInput('Organization not found'),
  title: titleInput,
  description: optionalText(),
  status: statusInput.optional(),
  startDate: instantInput,
  dueDate: instantInput,
  estimatedHours: decimalInput(0, 'Estimated hours cannot be negative').optional(),
  actualHours: decimalInput(0, 'Actual hours cannot be negative').optional(),
  laborCost: decimalInput(0, 'Labor cost cannot be negative').optional(),
  materialCost: decimalInput(0, 'Material cost cannot be negative').optional(),
  /** Accepted and ignored: the server computes it from the line items and costs. */
  totalCost: z.unknown().optional(),
  lineItems: lineItemsInput.optional(),
  /** The crew (docs/rules/team.md#assignment); needs assign_work_orders. Left out: unchanged, nobody on create. */
  assigneeIds: assigneeIdsSchema.optional(),
};

/** POST /api/work-orders. Status defaults to scheduled; the order number is assigned by the server. */
export const createWorkOrderSchema = z.object(fields);
export type CreateWorkOrderInput = z.input<typeof createWorkOrderSchema>;
export type CreateWorkOrder = z.output<typeof createWorkOrderSchema>;

/**
 * PUT /api/work-orders/:id. Fields present replace the stored ones and absent ones stay, so the edit
 * form's full update and the list's status-only `{ status }` (Start, Complete) are the same call.
 * lineItems, when present, replace the work order's lines.
 */
export const updateWorkOrderSchema = z.object({ ...fields, customerId: fields.customerId.optional(), title: titleInput.optional() });
export type UpdateWorkOrderInput = z.input<typeof updateWorkOrderSchema>;
export type UpdateWorkOrder = z.output<typeof updateWorkOrderSchema>;

export const workOrderListQuerySchema = listQuerySchema.extend({
  status: statusInput.optional(),
  customerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /**
   * 'true': only work orders an invoice may still bill: not cancelled and on no invoice yet (the invoice form's
   * picker; docs/features.md, Invoices).
   */
  invoiceable: z.enum(['true', 'false'], { error: "invoiceable must be 'true' or 'false'" }).optional(),
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;

export const workOrderSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  orderNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  estimatedHours: z.string().nullable(),
  actualHours: z.string().nullable(),
  materials: z.array(z.unknown()),
  laborCost: z.string(),
  materialCost: z.string(),
  totalCost: z.string(),
  lineItems: z.array(lineItemSchema),
  /** The crew, by name. */
  assignees: z.array(assigneeSchema),
  /** The customer's signed acceptance of the finished job, or null (docs/rules/team.md#sign-off). */
  signOff: z
    .object({ signerName: z.string(), signature: signatureSchema, signedAt: z.string(), takenByName: z.string() })
    .nullable(),
  /** One job's answers only, never the list's: its checklists in the order they were put on (docs/rules/team.md#checklists). */
  checklists: z.array(workOrderChecklistSchema).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

export const SIGN_OFF_MESSAGES = {
  signerName: 'Please enter the name of the person signing',
  signature: 'Please sign in the box',
  alreadySigned: 'This job is already signed off',
  cancelled: 'A cancelled job cannot be signed off',
  notCrew: "Only the job's crew or someone who manages jobs can take the customer's sign-off",
} as const;

/** POST /api/work-orders/:id/sign-off: the customer's name and drawn signature, accepting the completed job. */
export const signOffBodySchema = z.object({
  signerName: z.string({ error: SIGN_OFF_MESSAGES.signerName }).trim().min(1, SIGN_OFF_MESSAGES.signerName).max(120, 'Name must be at most 120 characters'),
  signature: signatureSchema,
});
export type SignOffBody = z.infer<typeof signOffBodySchema>;

/** The sign-off form: the signature starts empty (null) and must be drawn before it is sent. */
export const signOffFormSchema = z.object({
  signerName: signOffBodySchema.shape.signerName,
  signature: signatureSchema.nullable().transform((signature, ctx) => {
    if (signature) return signature;
    ctx.addIssue({ code: 'custom', message: SIGN_OFF_MESSAGES.signature });
    return z.NEVER;
  }),
});
export const workOrderListSchema = z.array(workOrderSchema);
