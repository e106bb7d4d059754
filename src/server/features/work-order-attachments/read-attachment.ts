// The bytes of a job photo or file, or of a photo's thumbnail, and how they are answered
// (docs/rules/team.md#photos-and-files): shown in the page (`inline`) under a safe name, never sniffed as another
// type, kept by the browser only (private).
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ATTACHMENT_MESSAGES } from '../../../contracts/work-order-attachments';
import type { ObjectStore } from '../../adapters/file-store/file-store';
import type { DbOrTx } from '../../db/client';
import { workOrderAttachments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound, providerFailed } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { kindOf, thumbnailKey } from './attachment-view';

export type Variant = 'file' | 'thumbnail';

export interface AttachmentBytes {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** Which attachment to read: the job's, in the caller's scope; `sharedOnly` for the customer's portal. */
export interface AttachmentWhere {
  organizationId: number;
  workOrderId: number;
  attachmentId: number;
  sharedOnly?: boolean;
}

/** The attachment's bytes (from its row or the object storage), or 404; a PDF has no thumbnail. */
export async function readAttachment(db: DbOrTx, store: ObjectStore | null, ctx: RequestContext, where: AttachmentWhere, variant: Variant): Promise<AttachmentBytes> {
  const [row] = await db
    .select({
      fileName: workOrderAttachments.fileName,
      contentType: workOrderAttachments.contentType,
      storage: workOrderAttachments.storage,
      storageKey: workOrderAttachments.storageKey,
      // Only the column asked for leaves the database: a thumbnail read never carries the photo.
      bytes: variant === 'file' ? workOrderAttachments.data : workOrderAttachments.thumbnail,
    })
    .from(workOrderAttachments)
    .where(
      tenantWhere(
        tenantScope(ctx, where.organizationId),
        workOrderAttachments,
        and(
          eq(workOrderAttachments.organizationId, where.organizationId),
          eq(workOrderAttachments.workOrderId, where.workOrderId),
          eq(workOrderAttachments.id, where.attachmentId),
          where.sharedOnly ? eq(workOrderAttachments.shared, true) : undefined,
        ),
      ),
    )
    .limit(1);
  if (!row || (variant === 'thumbnail' && kindOf(row.contentType) !== 'photo')) throw notFound(ATTACHMENT_MESSAGES.notFound);
  const fileName = variant === 'thumbnail' ? row.fileName.replace(/(\.[a-z0-9]+)$/, '-thumb$1') : row.fileName;
  if (row.storage === 'database') {
    if (!row.bytes) throw notFound(ATTACHMENT_MESSAGES.notFound);
    return { fileName, contentType: row.contentType, data: row.bytes };
  }
  // Kept in object storage that is no longer configured: the bytes are out of reach, which is ours to fix.
  if (!store) throw providerFailed('s3', ATTACHMENT_MESSAGES.storageUnreachable, 'the file is in object storage, but S3_ENDPOINT and S3_BUCKET are not set');
  const key = variant === 'thumbnail' ? thumbnailKey(row.storageKey ?? '') : (row.storageKey ?? '');
  const data = await store.get(key);
  if (!data) throw notFound(ATTACHMENT_MESSAGES.notFound);
  return { fileName, contentType: row.contentType, data };
}

/** The answer: the bytes with their type, `inline` under the stored (already safe) name, nosniff, private. */
export function sendAttachment(reply: FastifyReply, file: AttachmentBytes) {
  // Stored names are made of [a-z0-9-] and the extension (safeFileStem), so they need no quoting rules.
  const name = /^[a-z0-9-]+\.[a-z0-9]+$/.test(file.fileName) ? file.fileName : 'file';
  return reply
    .type(file.contentType)
    .header('Content-Disposition', `inline; filename="${name}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private')
    .send(file.data);
}
