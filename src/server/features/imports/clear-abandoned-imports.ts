// Uploads left without an import give their file back (docs/rules/data-exchange.md#import-limits): after a day the
// bytes are cleared and the import says it expired. Run hourly by every instance; each run is one idempotent statement.
import { and, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES } from '../../../contracts/imports';
import type { DbOrTx } from '../../db/client';
import { imports } from '../../db/schema/index';

/** How long an upload waits for its import. */
export const UPLOAD_KEPT_HOURS = 24;

export async function clearAbandonedImports(db: DbOrTx): Promise<number> {
  const cleared = await db
    .update(imports)
    .set({ data: null, status: 'failed', error: IMPORT_MESSAGES.expired })
    .where(and(isNotNull(imports.data), inArray(imports.status, ['uploaded', 'failed']), lt(imports.createdAt, sql`now() - make_interval(hours => ${UPLOAD_KEPT_HOURS})`)))
    .returning({ id: imports.id });
  return cleared.length;
}
