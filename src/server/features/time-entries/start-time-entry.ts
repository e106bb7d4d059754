// Start the caller's timer on a work order of their organization.
import { eq } from 'drizzle-orm';
import { TIME_ENTRY_MESSAGES, type StartTimeEntryBody, type TimeEntry } from '../../../contracts/time-entries';
import type { Db } from '../../db/client';
import { timeEntries, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, pgErrorCode } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { selectTimeEntries, toTimeEntryResponse } from './time-entry-query';

/** The timer's employee name is the signed-in user's name (docs/rules/inventory-and-time.md#timer). */
function employeeNameOf(ctx: RequestContext): string {
  const name = [ctx.user.firstName, ctx.user.lastName].filter(Boolean).join(' ').trim();
  return name || ctx.user.email;
}

export async function startTimeEntry(db: Db, ctx: RequestContext, body: StartTimeEntryBody): Promise<TimeEntry> {
  const [wo] = await db
    .select({ id: workOrders.id, organizationId: workOrders.organizationId })
    .from(workOrders)
    .where(tenantWhere(tenantScope(ctx), workOrders, eq(workOrders.id, body.workOrderId)))
    .limit(1);
  if (!wo) throw invalid('workOrderId: Work order not found', [{ path: 'workOrderId', message: 'Work order not found' }]);

  let id: number;
  try {
    // The partial unique index time_entries_active_user_key (one active row per organization and user)
    // decides between simultaneous starts, e.g. two tabs clicking together: the loser gets 23505.
    const [row] = await db
      .insert(timeEntries)
      .values({
        organizationId: wo.organizationId,
        workOrderId: wo.id,
        userId: ctx.user.id,
        employeeName: employeeNameOf(ctx),
        description: body.description,
        startTime: new Date(),
        isActive: true,
      })
      .returning({ id: timeEntries.id });
    id = row.id;
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(TIME_ENTRY_MESSAGES.alreadyRunning);
    throw err;
  }
  const [created] = await selectTimeEntries(db, tenantScope(ctx), eq(timeEntries.id, id)).limit(1);
  return toTimeEntryResponse(created);
}
