import { and, eq, sql } from 'drizzle-orm';
import { priceLineItems } from '../../../contracts/line-items';
import { toCents } from '../../../contracts/money';
import type { UpdateWorkOrder, WorkOrder } from '../../../contracts/work-orders';
import type { Db } from '../../db/client';
import { workOrderLineItems, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { checkAmounts, customerInOrganization } from '../documents/document-rules';
import { workOrderTotal } from './create-work-order';
import { getWorkOrder } from './get-work-order';
import { assertDueNotBeforeStart } from './work-order-dates';
import { assignCrew } from './work-order-crew';
import { emitWebhookEvent } from '../webhooks/emit-event';
import { queueReviewRequest } from '../review-requests/queue-review-request';

/**
 * Updates the fields present (the edit form sends them all; Start and Complete send only status).
 * Becoming completed stamps completedDate; leaving completed clears it. lineItems, when present,
 * replace the lines; the total is recomputed either way.
 */
export async function updateWorkOrder(db: Db, ctx: RequestContext, id: number, input: UpdateWorkOrder): Promise<WorkOrder> {
  const priced = input.lineItems ? priceLineItems(input.lineItems) : null;
  if (priced) checkAmounts(priced.issues);

  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(workOrders)
      .where(tenantWhere(tenantScope(ctx), workOrders, eq(workOrders.id, id)))
      .limit(1)
      .for('update');
    if (!current) throw notFound('Work order not found');
    const organizationId = current.organizationId;
    if (input.customerId !== undefined && input.customerId !== current.customerId) {
      await customerInOrganization(tx, organizationId, input.customerId);
    }

    let linesCents: number;
    if (priced) {
      linesCents = priced.subtotalCents;
    } else {
      const [sum] = await tx
        .select({ s: sql<string>`coalesce(sum(${workOrderLineItems.amount}), 0)::text` })
        .from(workOrderLineItems)
        .where(and(eq(workOrderLineItems.organizationId, organizationId), eq(workOrderLineItems.workOrderId, id)));
      linesCents = toCents(sum?.s ?? '0');
    }
    const laborCost = input.laborCost === undefined ? current.laborCost : (input.laborCost ?? '0.00');
    const materialCost = input.materialCost === undefined ? current.materialCost : (input.materialCost ?? '0.00');
    const totalCost = workOrderTotal(linesCents, laborCost, materialCost);

    const startDate = input.startDate === undefined ? current.startDate : input.startDate;
    const dueDate = input.dueDate === undefined ? current.dueDate : input.dueDate;
    assertDueNotBeforeStart(startDate, dueDate);

    const status = input.status ?? current.status;
    let completedDate = current.completedDate;
    if (status === 'completed' && current.status !== 'completed') completedDate = completedDate ?? new Date();
    if (status !== 'completed') completedDate = null;

    await tx
      .update(workOrders)
      .set({
        customerId: input.customerId ?? current.customerId,
        title: input.title ?? current.title,
        description: input.description === undefined ? current.description : input.description,
        status,
        startDate,
        dueDate,
        completedDate,
        estimatedHours: input.estimatedHours === undefined ? current.estimatedHours : input.estimatedHours,
        actualHours: input.actualHours === undefined ? current.actualHours : input.actualHours,
        laborCost,
        materialCost,
        totalCost,
      })
      .where(and(eq(workOrders.id, id), eq(workOrders.organizationId, organizationId)));

    if (input.assigneeIds) await assignCrew(tx, ctx, organizationId, id, input.assigneeIds);

    if (priced) {
      await tx.delete(workOrderLineItems).where(and(eq(workOrderLineItems.organizationId, organizationId), eq(workOrderLineItems.workOrderId, id)));
      if (priced.lines.length > 0) {
        await tx.insert(workOrderLineItems).values(priced.lines.map((l) => ({ ...l, organizationId, workOrderId: id })));
      }
    }
    // docs/rules/public-api.md#webhook-events
    if (status === 'completed' && current.status !== 'completed') await emitWebhookEvent(tx, organizationId, 'work_order.completed', id);
    if (status === 'completed' && current.status !== 'completed') await queueReviewRequest(tx, organizationId, id);
  });
  return getWorkOrder(db, ctx, id);
}
