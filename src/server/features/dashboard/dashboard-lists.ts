// The dashboard's three short lists, each one indexed query limited to DASHBOARD_LIST_SIZE rows.
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { ACTIVE_WORK_ORDER_STATUSES, DASHBOARD_LIST_SIZE, type DashboardStats, type DashboardStatsWithFinancials } from '../../../contracts/dashboard';
import type { Db } from '../../db/client';
import { customers, inventoryItems, invoices, workOrders } from '../../db/schema/index';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

export async function recentWorkOrders(db: Db, scope: TenantScope): Promise<DashboardStats['recentWorkOrders']> {
  const rows = await db
    .select({
      id: workOrders.id,
      orderNumber: workOrders.orderNumber,
      title: workOrders.title,
      customerName: customers.name,
      status: workOrders.status,
      dueDate: workOrders.dueDate,
    })
    .from(workOrders)
    .leftJoin(customers, and(eq(customers.id, workOrders.customerId), eq(customers.organizationId, workOrders.organizationId)))
    .where(tenantWhere(scope, workOrders, inArray(workOrders.status, [...ACTIVE_WORK_ORDER_STATUSES])))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map((r) => ({ ...r, customerName: r.customerName ?? '', dueDate: r.dueDate?.toISOString() ?? null }));
}

export async function latestInvoices(db: Db, scope: TenantScope): Promise<DashboardStatsWithFinancials['paymentStatus']> {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      customerName: customers.name,
      title: workOrders.title,
      total: invoices.total,
      status: invoices.status,
    })
    .from(invoices)
    .leftJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId)))
    .leftJoin(workOrders, and(eq(workOrders.id, invoices.workOrderId), eq(workOrders.organizationId, invoices.organizationId)))
    .where(tenantWhere(scope, invoices))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(DASHBOARD_LIST_SIZE);
  return rows.map((r) => ({ ...r, customerName: r.customerName ?? '', title: r.title ?? null }));
}

export async function inventoryAlerts(db: Db, scope: TenantScope): Promise<DashboardStats['inventoryAlerts']> {
  return db
    .select({ id: inventoryItems.id, name: inventoryItems.name, quantity: inventoryItems.quantity, minimumStock: inventoryItems.minimumStock })
    .from(inventoryItems)
    .where(tenantWhere(scope, inventoryItems, lte(inventoryItems.quantity, inventoryItems.minimumStock)))
    .orderBy(asc(inventoryItems.quantity), asc(inventoryItems.name), asc(inventoryItems.id))
    .limit(DASHBOARD_LIST_SIZE);
}
