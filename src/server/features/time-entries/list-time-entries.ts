// The organization's time entries, newest first; q searches the work order's title, the customer's name,
// the employee's name and the description.
import { count, eq, ilike, or } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { TimeEntry } from '../../../contracts/time-entries';
import type { DbOrTx } from '../../db/client';
import { customers, timeEntries, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { descending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader } from '../../platform/list-order';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { selectTimeEntries, selectTimeEntriesWith, toTimeEntryResponse } from './time-entry-query';

const SORTABLE = {
  id: timeEntries.id,
  startTime: timeEntries.startTime,
  endTime: timeEntries.endTime,
  employeeName: timeEntries.employeeName,
  createdAt: timeEntries.createdAt,
};

const NEWEST_FIRST = [descending(timeEntries.startTime), descending(timeEntries.id)];

function timeEntrySearch(q: string | undefined) {
  const pattern = q ? likePattern(q) : null;
  return pattern
    ? or(ilike(workOrders.title, pattern), ilike(customers.name, pattern), ilike(timeEntries.employeeName, pattern), ilike(timeEntries.description, pattern))
    : undefined;
}

/** The list's rows batch by batch in its order, with its search: its export (docs/rules/data-exchange.md#list-exports). */
export function timeEntryBatches(db: DbOrTx, ctx: RequestContext, query: ListQuery): BatchReader<TimeEntry> {
  const scope = tenantScope(ctx, query.organizationId);
  const search = timeEntrySearch(query.q);
  return keysetReader(
    sortKeys(query, SORTABLE, NEWEST_FIRST),
    (b: BatchQuery) =>
      selectTimeEntriesWith(db, { listKey: b.key }, scope, search, b.after)
        .orderBy(...b.order)
        .limit(b.limit),
    (rows) => rows.map(toTimeEntryResponse),
  );
}

export async function listTimeEntries(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: TimeEntry[]; total: number }> {
  const search = timeEntrySearch(query.q);
  const scope = tenantScope(ctx, query.organizationId);
  const { limit, offset } = page(query);
  const order = orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST));
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
