// Stores an organization's logo: checked by content, kept in the uploads table, the previous one deleted.
import { and, eq } from 'drizzle-orm';
import { LOGO_LIMITS, LOGO_MESSAGES, ORGANIZATION_MESSAGES, type Organization } from '../../../contracts/organizations';
import type { Db, DbOrTx } from '../../db/client';
import { organizations, uploads } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { detectImage } from './detect-image';
import { organizationColumns, toOrganization } from './organization-response';
import { uploadIdFromPath, uploadPath } from './upload-path';

/** 404 unless the caller may change this organization (checked before the file is read). */
export async function assertOrganizationEditable(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, id), scopeFilter(tenantScope(ctx), organizations.id))).limit(1);
  if (!row) throw notFound(ORGANIZATION_MESSAGES.notFound);
}

/** "My Logo (final).PNG" -> "my-logo-final"; the extension is set from the detected type, not taken from the name. */
export function safeFileStem(fileName: string | undefined, fallback = 'logo'): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return stem || fallback;
}

export async function uploadLogo(db: Db, ctx: RequestContext, id: number, file: { bytes: Buffer; fileName?: string }): Promise<Organization> {
  if (file.bytes.length > LOGO_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', LOGO_MESSAGES.tooLarge);
  const image = detectImage(file.bytes);
  if (!image) throw new AppError('UNSUPPORTED_MEDIA_TYPE', LOGO_MESSAGES.notImage);
  if (image.width > LOGO_LIMITS.maxPixels || image.height > LOGO_LIMITS.maxPixels) {
    throw invalid(LOGO_MESSAGES.tooManyPixels, [{ path: LOGO_LIMITS.field, message: LOGO_MESSAGES.tooManyPixels }]);
  }
  const fileName = `${safeFileStem(file.fileName)}.${image.extension}`;

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: organizations.id, logo: organizations.logo })
      .from(organizations)
      .where(and(eq(organizations.id, id), scopeFilter(tenantScope(ctx), organizations.id)))
      .for('update')
      .limit(1);
    if (!current) throw notFound(ORGANIZATION_MESSAGES.notFound);

    const [upload] = await tx
      .insert(uploads)
      .values({
        organizationId: id,
        fileName,
        contentType: image.contentType,
        size: file.bytes.length,
        width: image.width,
        height: image.height,
        data: file.bytes,
        uploadedBy: ctx.user.id,
      })
      .returning({ id: uploads.id });
    const logo = uploadPath(upload.id, fileName);
    const [row] = await tx.update(organizations).set({ logo }).where(eq(organizations.id, id)).returning(organizationColumns);

    // The old logo's bytes go with it; only ever this organization's own upload.
    const previousId = uploadIdFromPath(current.logo);
    if (previousId !== null && previousId !== upload.id) {
      await tx.delete(uploads).where(and(eq(uploads.id, previousId), eq(uploads.organizationId, id)));
    }
    await writeAudit(tx, ctx, {
      action: 'organization.logo',
      entityType: 'organization',
      entityId: id,
      organizationId: id,
      details: { uploadId: upload.id, fileName, contentType: image.contentType, size: file.bytes.length, width: image.width, height: image.height, replaced: previousId },
    });
    return toOrganization(row);
  });
}
