// Work order rows as the API returns them: with the customer's name and the line items in order.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { WorkOrder } from '../../../contracts/work-orders';
import type { DbOrTx } from '../../db/client';
import { customers, workOrderLineItems, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantFilter } from '../../platform/tenancy';

export const workOrderColumns = { wo: workOrders, customerName: customers.name };

/** The customer join, kept inside the work order's organization. */
export const workOrderCustomerJoin = and(eq(customers.id, workOrders.customerId), eq(customers.organizationId, workOrders.organizationId));

type Row = { wo: typeof workOrders.$inferSelect; customerName: string | null };

export async function toWorkOrders(db: DbOrTx, ctx: RequestContext, rows: Row[]): Promise<WorkOrder[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(workOrderLineItems)
    .where(
      and(
        inArray(
          workOrderLineItems.workOrderId,
          rows.map((r) => r.wo.id),
        ),
        tenantFilter(ctx, workOrderLineItems.organizationId),
      ),
    )
    .orderBy(asc(workOrderLineItems.workOrderId), asc(workOrderLineItems.sortOrder), asc(workOrderLineItems.id));
  const byParent = new Map<number, WorkOrder['lineItems']>();
  for (const l of lines) {
    const list = byParent.get(l.workOrderId) ?? [];
    list.push({ id: l.id, description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount, sortOrder: l.sortOrder });
    byParent.set(l.workOrderId, list);
  }
  return rows.map(({ wo, customerName }) => ({
    id: wo.id,
    organizationId: wo.organizationId,
    orderNumber: wo.orderNumber,
    customerId: wo.customerId,
    customerName,
    title: wo.title,
    description: wo.description,
    status: wo.status,
    startDate: wo.startDate?.toISOString() ?? null,
    dueDate: wo.dueDate?.toISOString() ?? null,
    completedDate: wo.completedDate?.toISOString() ?? null,
    estimatedHours: wo.estimatedHours,
    actualHours: wo.actualHours,
    materials: wo.materials ?? [],
    laborCost: wo.laborCost,
    materialCost: wo.materialCost,
    totalCost: wo.totalCost,
    lineItems: byParent.get(wo.id) ?? [],
    createdAt: wo.createdAt.toISOString(),
    updatedAt: wo.updatedAt.toISOString(),
  }));
}
