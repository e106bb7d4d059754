// The entry with its work order's title and customer's name, as every time-entry answer carries it.
import { eq, type SQL } from 'drizzle-orm';
import { durationMinutes, type TimeEntry } from '../../../contracts/time-entries';
import type { DbOrTx } from '../../db/client';
import { customers, timeEntries, workOrders } from '../../db/schema/index';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

export const timeEntryColumns = {
  entry: timeEntries,
  workOrderTitle: workOrders.title,
  workOrderNumber: workOrders.orderNumber,
  customerName: customers.name,
};

/** Time entries of the scope that meet the conditions: the scope is a parameter, so no caller can leave it out. */
export function selectTimeEntries(db: DbOrTx, scope: TenantScope, ...conditions: (SQL | undefined)[]) {
  return selectTimeEntriesWith(db, {}, scope, ...conditions);
}

/** The same, with more fields beside the entry's (the list export's key). */
export function selectTimeEntriesWith<Extra extends Record<string, SQL.Aliased>>(db: DbOrTx, extra: Extra, scope: TenantScope, ...conditions: (SQL | undefined)[]) {
  return db
    .select({ ...timeEntryColumns, ...extra })
    .from(timeEntries)
    .leftJoin(workOrders, eq(workOrders.id, timeEntries.workOrderId))
    .leftJoin(customers, eq(customers.id, workOrders.customerId))
    .where(tenantWhere(scope, timeEntries, ...conditions));
}

type Row = { entry: typeof timeEntries.$inferSelect; workOrderTitle: string | null; workOrderNumber: string | null; customerName: string | null };

export function toTimeEntryResponse(r: Row): TimeEntry {
  const e = r.entry;
  return {
    id: e.id,
    organizationId: e.organizationId,
    workOrderId: e.workOrderId,
    userId: e.userId,
    employeeName: e.employeeName,
    description: e.description,
    startTime: e.startTime.toISOString(),
    endTime: e.endTime ? e.endTime.toISOString() : null,
    isActive: e.isActive,
    durationMinutes: e.endTime ? durationMinutes(e.startTime, e.endTime) : null,
    workOrderTitle: r.workOrderTitle,
    workOrderNumber: r.workOrderNumber,
    customerName: r.customerName,
    createdAt: e.createdAt.toISOString(),
  };
}
