// The work order form (docs/rules/records.md#work-order-form): the contract's field rules and messages, plus the form's
// own shape (separate date and time inputs, lines as typed, the crew as staff ids).
import { z } from 'zod';
import { fromCents, toCents } from '@contracts/money';
import { createWorkOrderSchema, dueBeforeStart, WORK_ORDER_MESSAGES, WORK_ORDER_STATUSES, type CreateWorkOrderInput, type WorkOrder, type WorkOrderStatus } from '@contracts/work-orders';
import { emptyLineItem, lineAmount, linesSubtotalCents, type LineItemValues } from '@/components/line-items-editor';
import { chosenIdField, heldAs, textField } from '@/lib/form-fields';
import { formLineItemsSchema, plainQuantity } from '@/lib/line-item-schema';
import { DEFAULT_DUE_TIME, DEFAULT_START_TIME, joinInstant, toDateInput, toTimeInput } from '@/lib/date-time';

const shape = createWorkOrderSchema.shape;

export const workOrderFormSchema = z.object({
  customerId: chosenIdField(shape.customerId),
  /** '' keeps the caller's own organization (or, for a super user, the customer's). */
  organizationId: z.string(),
  title: shape.title,
  description: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  startDate: z.string(),
  startTime: z.string(),
  dueDate: z.string(),
  dueTime: z.string(),
  estimatedHours: textField(shape.estimatedHours),
  laborCost: textField(shape.laborCost),
  materialCost: textField(shape.materialCost),
  lineItems: formLineItemsSchema,
  /** The crew (docs/rules/team.md#assignment): staff ids, read by the contract's rule (at most 10, none twice). */
  assigneeIds: heldAs<number[]>()(shape.assigneeIds.unwrap()),
}).superRefine(
  (v, ctx) => {
    // The server's rule, shown on the Due Date before anything is sent (docs/features.md, Field rules).
    if (dueBeforeStart(joinInstant(String(v.startDate ?? ''), String(v.startTime ?? '')), joinInstant(String(v.dueDate ?? ''), String(v.dueTime ?? '')))) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: WORK_ORDER_MESSAGES.dueBeforeStart });
    }
  },
  // Shown with the other fields' messages, not only once they are fixed.
  { when: () => true },
);

export interface WorkOrderFormValues {
  customerId: number | null;
  organizationId: string;
  title: string;
  description: string;
  status: WorkOrderStatus;
  startDate: string;
  startTime: string;
  dueDate: string;
  dueTime: string;
  estimatedHours: string;
  laborCost: string;
  materialCost: string;
  lineItems: LineItemValues[];
  assigneeIds: number[];
}

export type WorkOrderFormOutput = z.output<typeof workOrderFormSchema>;

export function newWorkOrderValues(): WorkOrderFormValues {
  return {
    customerId: null,
    organizationId: '',
    title: '',
    description: '',
    status: 'scheduled',
    startDate: '',
    startTime: DEFAULT_START_TIME,
    dueDate: '',
    dueTime: DEFAULT_DUE_TIME,
    estimatedHours: '',
    laborCost: '',
    materialCost: '',
    lineItems: [emptyLineItem()],
    assigneeIds: [],
  };
}

export function workOrderValues(wo: WorkOrder): WorkOrderFormValues {
  const status = (WORK_ORDER_STATUSES as readonly string[]).includes(wo.status) ? (wo.status as WorkOrderStatus) : 'scheduled';
  return {
    customerId: wo.customerId,
    organizationId: String(wo.organizationId),
    title: wo.title,
    description: wo.description ?? '',
    status,
    startDate: toDateInput(wo.startDate),
    startTime: toTimeInput(wo.startDate, DEFAULT_START_TIME),
    dueDate: toDateInput(wo.dueDate),
    dueTime: toTimeInput(wo.dueDate, DEFAULT_DUE_TIME),
    estimatedHours: wo.estimatedHours ? plainQuantity(wo.estimatedHours) : '',
    laborCost: wo.laborCost,
    materialCost: wo.materialCost,
    lineItems:
      wo.lineItems.length > 0
        ? wo.lineItems.map((l) => ({ description: l.description, quantity: plainQuantity(l.quantity), rate: l.rate }))
        : [emptyLineItem()],
    assigneeIds: wo.assignees.map((a) => a.id),
  };
}

function safeCents(value: string | null | undefined): number {
  try {
    return toCents(value?.trim() ?? '');
  } catch {
    return 0;
  }
}

/** docs/rules/records.md#work-order-form: totalCost = the line amounts + laborCost + materialCost, in cents. */
export function workOrderTotalCents(values: Pick<WorkOrderFormValues, 'lineItems' | 'laborCost' | 'materialCost'>): number {
  return linesSubtotalCents(values.lineItems) + safeCents(values.laborCost) + safeCents(values.materialCost);
}

/** The same people, in any order. */
export function sameCrew(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/**
 * The POST/PUT body (docs/rules/records.md#work-order-form) (the server recomputes every amount and the total).
 * `crewFrom`: the crew the form started with, when the user may assign (assign_work_orders); the crew is sent only
 * then and only when it changed, since a left-out crew stays as it is (docs/rules/team.md#assignment) and anyone
 * else sending one is refused.
 */
export function toWorkOrderPayload(out: WorkOrderFormOutput, raw: WorkOrderFormValues, crewFrom: readonly number[] | null = null): CreateWorkOrderInput {
  const sendCrew = crewFrom !== null && !sameCrew(crewFrom, out.assigneeIds);
  return {
    customerId: out.customerId,
    organizationId: out.organizationId ? Number(out.organizationId) : null,
    title: out.title,
    description: out.description.trim() ? out.description : null,
    status: out.status,
    startDate: joinInstant(out.startDate, out.startTime),
    dueDate: joinInstant(out.dueDate, out.dueTime),
    estimatedHours: out.estimatedHours ?? null,
    laborCost: out.laborCost ?? null,
    materialCost: out.materialCost ?? null,
    totalCost: fromCents(workOrderTotalCents(raw)),
    lineItems: out.lineItems.map((line, i) => ({
      description: line.description,
      quantity: line.quantity,
      rate: line.rate,
      amount: lineAmount(raw.lineItems[i]),
    })),
    ...(sendCrew ? { assigneeIds: out.assigneeIds } : {}),
  };
}
