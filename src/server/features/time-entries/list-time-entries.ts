// The organization's time entries, newest first; q searches the work order's title, the customer's name,
// the employee's name and the description.
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { TimeEntry } from '../../../contracts/time-entries';
import type { DbOrTx } from '../../db/client';
import { customers, timeEntries, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { selectTimeEntries, toTimeEntryResponse } from './time-entry-query';

const SORTABLE = {
  id: timeEntries.id,
  startTime: timeEntries.startTime,
  endTime: timeEntries.endTime,
  employeeName: timeEntries.employeeName,
  createdAt: timeEntries.createdAt,
};

export async function listTimeEntries(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: TimeEntry[]; total: number }> {
  const pattern = query.q ? likePattern(query.q) : null;
  const search = pattern
    ? or(ilike(workOrders.title, pattern), ilike(customers.name, pattern), ilike(timeEntries.employeeName, pattern), ilike(timeEntries.description, pattern))
    : undefined;
  const scope = tenantScope(ctx, query.organizationId);
  const { limit, offset } = page(query);
  const order = orderBy(query, SORTABLE, [desc(timeEntries.startTime), desc(timeEntries.id)]);
  const [rows, total] = await runAll(
    db,
    () =>
      selectTimeEntries(db, scope, search)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => {
      const [r] = await db
        .select({ n: count() })
        .from(timeEntries)
        .leftJoin(workOrders, eq(workOrders.id, timeEntries.workOrderId))
        .leftJoin(customers, eq(customers.id, workOrders.customerId))
        .where(tenantWhere(scope, timeEntries, search));
      return Number(r?.n ?? 0);
    },
  );
  return { rows: rows.map(toTimeEntryResponse), total };
}
