// Work order rows as the API returns them: with the customer's name and the line items in order.
import { and, eq, sql } from 'drizzle-orm';
import type { Assignee } from '../../../contracts/assignees';
import type { WorkOrder } from '../../../contracts/work-orders';
import { workOrderAssigneesSql } from '../team/assignees';
import { customers, workOrderLineItems, workOrders } from '../../db/schema/index';

// The line items come with each work order's row as one JSON text, so a page is one statement (see invoice-view.ts).
const lineItemsJson = sql<string>`coalesce((select json_agg(json_build_object('id', l.id, 'description', l.description, 'quantity', l.quantity::text, 'rate', l.rate::text, 'amount', l.amount::text, 'sortOrder', l.sort_order) order by l.sort_order, l.id)::text from ${workOrderLineItems} l where l.organization_id = ${workOrders.organizationId} and l.work_order_id = ${workOrders.id}), '[]')`;

export const workOrderColumns = { wo: workOrders, customerName: customers.name, lineItems: lineItemsJson, assignees: workOrderAssigneesSql(workOrders.organizationId, workOrders.id) };

/** The customer join, kept inside the work order's organization. */
export const workOrderCustomerJoin = and(eq(customers.id, workOrders.customerId), eq(customers.organizationId, workOrders.organizationId));

type Row = { wo: typeof workOrders.$inferSelect; customerName: string | null; lineItems: string; assignees: Assignee[] };

export function toWorkOrders(rows: Row[]): WorkOrder[] {
  return rows.map(({ wo, customerName, lineItems, assignees }) => ({
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
    lineItems: JSON.parse(lineItems) as WorkOrder['lineItems'],
    assignees,
    signOff: wo.signOff ? { signerName: wo.signOff.signerName, signature: wo.signOff.signature, signedAt: wo.signOff.signedAt, takenByName: wo.signOff.takenByName } : null,
    createdAt: wo.createdAt.toISOString(),
    updatedAt: wo.updatedAt.toISOString(),
  }));
}
