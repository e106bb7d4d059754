// The caller's own running timer, or null: the screen polls this every second.
import { eq } from 'drizzle-orm';
import type { TimeEntry } from '../../../contracts/time-entries';
import type { DbOrTx } from '../../db/client';
import { timeEntries } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantScope } from '../../platform/tenancy';
import { selectTimeEntries, toTimeEntryResponse } from './time-entry-query';

export async function getActiveTimeEntry(db: DbOrTx, ctx: RequestContext): Promise<TimeEntry | null> {
  const [row] = await selectTimeEntries(db, tenantScope(ctx), eq(timeEntries.userId, ctx.user.id), eq(timeEntries.isActive, true)).limit(1);
  return row ? toTimeEntryResponse(row) : null;
}
