import { and, eq, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { WorkOrder, WorkOrderListQuery } from '../../../contracts/work-orders';
import type { DbOrTx } from '../../db/client';
import { customers, invoices, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { countRows, page, runAll } from '../../platform/lists';
import { descending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader } from '../../platform/list-order';
import { customersNamed, workOrderSearch } from '../customers/customer-search';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
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

const NEWEST_FIRST = [descending(workOrders.createdAt), descending(workOrders.id)];

/** A page of work orders, newest first; q searches order number, title and customer name. */
export function listWorkOrders(db: DbOrTx, ctx: RequestContext, query: WorkOrderListQuery): Promise<{ items: WorkOrder[]; total: number }> {
  return workOrdersPage(db, ctx, query);
}

/** The list's rows batch by batch in its order, with its search and filters: its export (docs/rules/data-exchange.md#list-exports). */
export async function workOrderBatches(db: DbOrTx, ctx: RequestContext, query: WorkOrderListQuery): Promise<BatchReader<WorkOrder>> {
  const { where } = await workOrdersWhere(db, ctx, query);
  return keysetReader(
    sortKeys(query, SORTABLE, NEWEST_FIRST),
    (b: BatchQuery) => db.select({ ...workOrderColumns, listKey: b.key }).from(workOrders).leftJoin(customers, workOrderCustomerJoin).where(and(where, b.after)).orderBy(...b.order).limit(b.limit),
    toWorkOrders,
  );
}

/** The list's filters (base) and search alternatives, and both together (where). */
async function workOrdersWhere(db: DbOrTx, ctx: RequestContext, query: WorkOrderListQuery) {
  const filters: (SQL | undefined)[] = [scopeFilter(tenantScope(ctx, query.organizationId), workOrders.organizationId)];
  if (query.status) filters.push(eq(workOrders.status, query.status));
  if (query.customerId) filters.push(eq(workOrders.customerId, query.customerId));
  if (query.invoiceable === 'true') {
    // Billable still: not cancelled, and no invoice of the organization names it yet.
    filters.push(
      ne(workOrders.status, 'cancelled'),
      notExists(
        db
          .select({ one: sql`1` })
          .from(invoices)
          .where(and(eq(invoices.organizationId, workOrders.organizationId), eq(invoices.workOrderId, workOrders.id))),
      ),
    );
  }
  const base = and(...filters);
  const search = query.q ? workOrderSearch(query.q, await customersNamed(db, ctx, query.q, query.organizationId)) : undefined;
  return { base, search, where: search ? and(base, or(...search)) : base };
}

async function workOrdersPage(db: DbOrTx, ctx: RequestContext, query: WorkOrderListQuery): Promise<{ items: WorkOrder[]; total: number }> {
  const { base, search, where } = await workOrdersWhere(db, ctx, query);
  const { limit, offset } = page(query);
  const pageRows = db
    .select(workOrderColumns)
    .from(workOrders)
    .leftJoin(customers, workOrderCustomerJoin)
    .where(where)
    .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
    .limit(limit)
    .offset(offset);
  // Every filter is on the workOrders row (the customer join never adds or drops one), so the total needs no join.
  // The total is the same for every page of one search or filter.
  const countTotal = () => countRows(db, workOrders, workOrders.id, base, search);
  // Page and total in parallel (separate connections on PostgreSQL).
  const [rows, total] = await runAll(db, () => pageRows, countTotal);
  return { items: toWorkOrders(rows), total };
}
