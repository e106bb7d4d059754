import { and, eq, type SQL } from 'drizzle-orm';
import type { WorkOrder } from '../../../contracts/work-orders';
import type { DbOrTx } from '../../db/client';
import { customers, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { toWorkOrders, workOrderColumns, workOrderCustomerJoin } from './work-order-view';
import { jobChecklists } from '../checklists/checklist-view';

/** One work order of the caller's organization with its line items and checklists; another organization's is a 404. */
export async function getWorkOrder(db: DbOrTx, ctx: RequestContext, id: number): Promise<WorkOrder> {
  return workOrderWhere(db, tenantWhere(tenantScope(ctx), workOrders, eq(workOrders.id, id)));
}

/** One work order of a known organization, for work with no caller of its own (the outbound webhooks' payload). */
export function getOrganizationWorkOrder(db: DbOrTx, organizationId: number, id: number): Promise<WorkOrder> {
  return workOrderWhere(db, and(eq(workOrders.organizationId, organizationId), eq(workOrders.id, id)) as SQL);
}

async function workOrderWhere(db: DbOrTx, where: SQL): Promise<WorkOrder> {
  const rows = await db.select(workOrderColumns).from(workOrders).leftJoin(customers, workOrderCustomerJoin).where(where).limit(1);
  if (rows.length === 0) throw notFound('Work order not found');
  const [wo] = toWorkOrders(rows);
  // One job carries its checklists; the list does not (docs/rules/team.md#checklists).
  return { ...wo, checklists: await jobChecklists(db, wo.organizationId, wo.id) };
}
