// A spreadsheet uploaded for import (docs/rules/data-exchange.md#imports): checked by content and read once, so a file
// that is no spreadsheet, too large, or without a header or rows is refused now; then kept with its columns, its row
// count and the guessed mapping until it is imported.
import { importKindSchema, type Import } from '../../../contracts/imports';
import type { Db } from '../../db/client';
import { imports } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';
import { ensureOrganization } from '../scheduling/organization-scope';
import { detectSpreadsheet } from './detect-spreadsheet';
import { findImport, requireImportPermission, toImportView } from './find-import';
import { guessMapping } from './guess-mapping';
import { readSheet } from './read-sheet';
import type { ReceivedImportFile } from './receive-import-file';

/** A super user names the organization the records go to; everyone else imports into their own. */
function requestedOrganization(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\s*\d{1,10}\s*$/.test(value) || Number(value) > 2_147_483_647 || Number(value) < 1) {
    throw invalid('organizationId: Please choose an organization', [{ path: 'organizationId', message: 'Please choose an organization' }]);
  }
  return Number(value);
}

export async function uploadImport(db: Db, ctx: RequestContext, upload: ReceivedImportFile): Promise<Import> {
  const kind = importKindSchema.safeParse(upload.fields.kind);
  if (!kind.success) {
    const message = kind.error.issues[0].message;
    throw invalid(`kind: ${message}`, [{ path: 'kind', message }]);
  }
  requireImportPermission(ctx, kind.data);
  const organizationId = organizationForWrite(ctx, requestedOrganization(upload.fields.organizationId));
  await ensureOrganization(db, ctx, organizationId);
  const contentType = detectSpreadsheet(upload.bytes);
  const sheet = await readSheet(upload.bytes, contentType);
  const [row] = await db
    .insert(imports)
    .values({
      organizationId,
      kind: kind.data,
      fileName: upload.fileName,
      contentType,
      size: upload.bytes.length,
      data: upload.bytes,
      columns: sheet.columns,
      rowCount: sheet.rows.length,
      mapping: guessMapping(kind.data, sheet.columns),
      duplicates: 'skip',
      createdBy: ctx.user.id,
    })
    .returning({ id: imports.id });
  return toImportView(await findImport(db, ctx, row.id));
}
