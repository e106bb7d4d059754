import { priceLineItems, type PricedLine } from '../../../contracts/line-items';
import { MAX_CENTS, fromCents, toCents } from '../../../contracts/money';
import type { CreateWorkOrder, WorkOrder } from '../../../contracts/work-orders';
import type { Db, Tx } from '../../db/client';
import { workOrderLineItems, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { checkAmounts, organizationAndCustomer } from '../documents/document-rules';
import { nextDocumentNumber } from '../numbering/next-number';
import { getWorkOrder } from './get-work-order';
import { assertDueNotBeforeStart } from './work-order-dates';
import { assignCrew } from './work-order-crew';
import { emitWebhookEvent } from '../webhooks/emit-event';
import { queueReviewRequest } from '../review-requests/queue-review-request';

/** totalCost = sum of line amounts + labor + material, in cents; 400 when it does not fit numeric(10,2). */
export function workOrderTotal(linesCents: number, laborCost: string | null | undefined, materialCost: string | null | undefined): string {
  const total = linesCents + toCents(laborCost) + toCents(materialCost);
  checkAmounts(total > MAX_CENTS ? [{ path: 'totalCost', message: 'Total is too large' }] : []);
  return fromCents(total);
}

/** A new work order and its lines in one transaction; the server prices the lines and numbers the order. */
export async function createWorkOrder(db: Db, ctx: RequestContext, input: CreateWorkOrder): Promise<WorkOrder> {
  const priced = priceLineItems(input.lineItems ?? []);
  checkAmounts(priced.issues);
  const totalCost = workOrderTotal(priced.subtotalCents, input.laborCost, input.materialCost);
  const status = input.status ?? 'scheduled';
  assertDueNotBeforeStart(input.startDate, input.dueDate);

  const id = await db.transaction(async (tx) => {
    const { organizationId, customer } = await organizationAndCustomer(tx, ctx, input);
    const id = await insertWorkOrder(tx, organizationId, { ...input, customerId: customer.id, status, totalCost }, priced.lines);
    if (input.assigneeIds) await assignCrew(tx, ctx, organizationId, id, input.assigneeIds);
    if (status === 'completed') await emitWebhookEvent(tx, organizationId, 'work_order.completed', id);
    if (status === 'completed') await queueReviewRequest(tx, organizationId, id);
    return id;
  });
  return getWorkOrder(db, ctx, id);
}

/** Numbers and inserts a work order and its priced lines inside the caller's transaction; its id. */
export async function insertWorkOrder(
  tx: Tx,
  organizationId: number,
  input: Omit<CreateWorkOrder, 'status' | 'lineItems'> & { status: string; totalCost: string; estimateId?: number | null },
  lines: PricedLine[],
): Promise<number> {
  const orderNumber = await nextDocumentNumber(tx, organizationId, 'work_order');
  const [row] = await tx
    .insert(workOrders)
    .values({
      organizationId,
      orderNumber,
      customerId: input.customerId,
      title: input.title,
      description: input.description ?? null,
      status: input.status,
      startDate: input.startDate ?? null,
      dueDate: input.dueDate ?? null,
      completedDate: input.status === 'completed' ? new Date() : null,
      estimatedHours: input.estimatedHours ?? null,
      actualHours: input.actualHours ?? null,
      laborCost: input.laborCost ?? '0.00',
      materialCost: input.materialCost ?? '0.00',
      totalCost: input.totalCost,
      estimateId: input.estimateId ?? null,
    })
    .returning({ id: workOrders.id });
  if (lines.length > 0) {
    await tx.insert(workOrderLineItems).values(
      lines.map((l) => ({ description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount, sortOrder: l.sortOrder, organizationId, workOrderId: row.id })),
    );
  }
  return row.id;
}
