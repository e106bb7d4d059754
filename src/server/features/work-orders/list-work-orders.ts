import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { WorkOrder, WorkOrderListQuery } from '../../../contracts/work-orders';
import type { DbOrTx } from '../../db/client';
import { customers, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { orderBy, page } from '../../platform/lists';
import { workOrderSearch } from '../customers/customer-search';
import { tenantFilter } from '../../platform/tenancy';
import { toWorkOrders, workOrderColumns, workOrderCustomerJoin } from './work-order-view';

const SORTABLE = {
  orderNumber: workOrders.orderNumber,
  title: workOrders.title,
  status: workOrders.status,
  startDate: workOrders.startDate,
  dueDate: workOrders.dueDate,
  totalCost: workOrders.totalCost,
  createdAt: workOrders.createdAt,
  customerName: customers.name,
};

/** A page of work orders, newest first; q searches order number, title and customer name. */
export async function listWorkOrders(db: DbOrTx, ctx: RequestContext, query: WorkOrderListQuery): Promise<{ items: WorkOrder[]; total: number }> {
  const filters: (SQL | undefined)[] = [tenantFilter(ctx, workOrders.organizationId, query.organizationId)];
  if (query.status) filters.push(eq(workOrders.status, query.status));
  if (query.customerId) filters.push(eq(workOrders.customerId, query.customerId));
  if (query.q) {
    filters.push(workOrderSearch(ctx, query.q, query.organizationId));
  }
  const where = and(...filters);
  const { limit, offset } = page(query);
  const rows = await db
    .select(workOrderColumns)
    .from(workOrders)
    .leftJoin(customers, workOrderCustomerJoin)
    .where(where)
    .orderBy(...orderBy(query, SORTABLE, [desc(workOrders.createdAt), desc(workOrders.id)]))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workOrders)
    .leftJoin(customers, workOrderCustomerJoin)
    .where(where);
  return { items: await toWorkOrders(db, ctx, rows), total: Number(count?.n ?? 0) };
}
