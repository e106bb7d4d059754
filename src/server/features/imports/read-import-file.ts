// The kept file of an import that is still to be done, read again: no step trusts rows a client parsed
// (docs/decisions/034-data-in-and-out.md).
import { eq } from 'drizzle-orm';
import { IMPORT_MESSAGES } from '../../../contracts/imports';
import type { DbOrTx } from '../../db/client';
import { imports } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import type { ImportRow } from './find-import';
import { readSheet, type Sheet } from './read-sheet';

export async function readImportFile(db: DbOrTx, ctx: RequestContext, row: ImportRow): Promise<Sheet> {
  if (row.status === 'completed') throw conflict(IMPORT_MESSAGES.done);
  const [stored] = await db.select({ data: imports.data }).from(imports).where(tenantWhere(tenantScope(ctx), imports, eq(imports.id, row.id))).limit(1);
  if (!stored?.data) throw conflict(IMPORT_MESSAGES.expired);
  return readSheet(stored.data, row.contentType);
}
