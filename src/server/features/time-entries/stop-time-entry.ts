// Stop a running timer: the owner may stop their own; manage_time_entries may stop anyone's.
import { and, eq } from 'drizzle-orm';
import { TIME_ENTRY_MESSAGES, type TimeEntry } from '../../../contracts/time-entries';
import type { Db } from '../../db/client';
import { timeEntries } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { selectTimeEntries, toTimeEntryResponse } from './time-entry-query';

export async function stopTimeEntry(db: Db, ctx: RequestContext, id: number): Promise<TimeEntry> {
  const [entry] = await db
    .select()
    .from(timeEntries)
    .where(tenantWhere(tenantScope(ctx), timeEntries, eq(timeEntries.id, id)))
    .limit(1);
  if (!entry) throw notFound(TIME_ENTRY_MESSAGES.notFound);
  if (entry.userId !== ctx.user.id && !ctx.permissions.has('manage_time_entries')) throw forbidden(TIME_ENTRY_MESSAGES.notOwner);
  // Conditional on still being active so two simultaneous stops cannot both rewrite endTime.
  const stopped = await db
    .update(timeEntries)
    .set({ endTime: new Date(), isActive: false })
    .where(and(eq(timeEntries.id, entry.id), eq(timeEntries.isActive, true)))
    .returning({ id: timeEntries.id });
  if (stopped.length === 0) throw conflict(TIME_ENTRY_MESSAGES.alreadyStopped);
  const [row] = await selectTimeEntries(db, tenantScope(ctx), eq(timeEntries.id, entry.id)).limit(1);
  return toTimeEntryResponse(row);
}
