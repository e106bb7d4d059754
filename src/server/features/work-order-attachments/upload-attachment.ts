// POST /api/work-orders/:id/attachments: a photo or file added to a job (docs/rules/team.md#photos-and-files). The
// type is decided by the bytes; a photo is turned upright, shrunk and re-encoded in a worker thread; the bytes go to
// the database row or, when configured, to object storage first, so a row never exists without its bytes.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ATTACHMENT_LIMITS, ATTACHMENT_MESSAGES, uploadAttachmentFieldsSchema, type WorkOrderAttachment } from '../../../contracts/work-order-attachments';
import type { ObjectStore } from '../../adapters/file-store/file-store';
import { rowsOf, type Db } from '../../db/client';
import { workOrderAttachments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { AppError, invalid } from '../../platform/errors';
import { writeAudit } from '../audit/write-audit';
import { safeFileStem } from '../organizations/upload-logo';
import { thumbnailKey, toAttachment } from './attachment-view';
import { detectAttachment } from './detect-attachment';
import type { JobRef } from './job-access';
import { processPhotoInWorker } from './photo-thread';
import type { ReceivedAttachment } from './receive-attachment';

interface StoredBytes {
  fileName: string;
  contentType: string;
  data: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
}

/** The uploader as lists name them (attachment-view.ts): their name, else their e-mail. */
function staffName(ctx: RequestContext): string {
  return [ctx.user.firstName, ctx.user.lastName].filter(Boolean).join(' ').trim() || ctx.user.email;
}

/** What is kept of the upload: a processed photo with its thumbnail, or the PDF as it came. */
async function prepare(file: ReceivedAttachment): Promise<StoredBytes> {
  if (file.bytes.length > ATTACHMENT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge);
  const detected = detectAttachment(file.bytes);
  if (!detected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.unsupported);
  if (detected.kind === 'file') {
    return { fileName: `${safeFileStem(file.fileName, 'file')}.pdf`, contentType: detected.contentType, data: file.bytes, thumbnail: null, width: null, height: null };
  }
  const { image } = detected;
  // Read from the header before anything is decoded: a few kilobytes can claim a picture of gigabytes.
  if (image.width * image.height > ATTACHMENT_LIMITS.maxPixels) {
    throw invalid(ATTACHMENT_MESSAGES.tooManyPixels, [{ path: ATTACHMENT_LIMITS.field, message: ATTACHMENT_MESSAGES.tooManyPixels }]);
  }
  let photo;
  try {
    photo = await processPhotoInWorker(file.bytes, image.type);
  } catch {
    // A header that reads but pixels that do not (a truncated or damaged file).
    throw invalid(ATTACHMENT_MESSAGES.unreadable, [{ path: ATTACHMENT_LIMITS.field, message: ATTACHMENT_MESSAGES.unreadable }]);
  }
  return {
    fileName: `${safeFileStem(file.fileName, 'photo')}.${photo.extension}`,
    contentType: photo.contentType,
    data: photo.data,
    thumbnail: photo.thumbnail,
    width: photo.width,
    height: photo.height,
  };
}

/** Parses the upload's text fields with the contract's rules (400 naming the field). */
function fieldsOf(file: ReceivedAttachment) {
  const parsed = uploadAttachmentFieldsSchema.safeParse(file.fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message }));
    throw invalid(issues[0].message, issues);
  }
  return parsed.data;
}

/** Puts the bytes in object storage under keys named after the job and the row's id; undoes a half-done put. */
async function putObjects(store: ObjectStore, job: JobRef, id: number, bytes: StoredBytes): Promise<string> {
  const extension = bytes.fileName.slice(bytes.fileName.lastIndexOf('.') + 1);
  // The random part keeps a key from being guessed from the ids alone.
  const key = `org-${job.organizationId}/work-orders/${job.id}/${id}-${randomBytes(9).toString('base64url')}.${extension}`;
  try {
    await store.put(key, bytes.data, bytes.contentType);
    if (bytes.thumbnail) await store.put(thumbnailKey(key), bytes.thumbnail, bytes.contentType);
  } catch (err) {
    await removeObjects(store, key, bytes.thumbnail !== null);
    throw err;
  }
  return key;
}

/** Best effort: an object left behind costs storage, never a wrong answer. */
export async function removeObjects(store: ObjectStore, key: string, withThumbnail: boolean): Promise<void> {
  await store.delete(key).catch(() => undefined);
  if (withThumbnail) await store.delete(thumbnailKey(key)).catch(() => undefined);
}

export async function uploadAttachment(db: Db, store: ObjectStore | null, ctx: RequestContext, job: JobRef, file: ReceivedAttachment): Promise<WorkOrderAttachment> {
  const fields = fieldsOf(file);
  const bytes = await prepare(file);

  let id: number | undefined;
  let storageKey: string | null = null;
  if (store) {
    // The id is taken first so the object's key can carry it; the row is written once its bytes are stored.
    const [next] = await rowsOf<{ id: number }>(db, sql`select nextval(pg_get_serial_sequence('work_order_attachments', 'id'))::int as id`);
    id = next.id;
    storageKey = await putObjects(store, job, id, bytes);
  }

  try {
    return await db.transaction(async (tx) => {
      const values = {
        organizationId: job.organizationId,
        workOrderId: job.id,
        fileName: bytes.fileName,
        contentType: bytes.contentType,
        size: bytes.data.length,
        width: bytes.width,
        height: bytes.height,
        caption: fields.caption ?? null,
        shared: fields.shared,
        uploadedBy: ctx.user.id,
        ...(storageKey ? { storage: 's3' as const, storageKey, data: null, thumbnail: null } : { storage: 'database' as const, data: bytes.data, thumbnail: bytes.thumbnail }),
      };
      const [row] = id === undefined ? await tx.insert(workOrderAttachments).values(values).returning() : await tx.insert(workOrderAttachments).overridingSystemValue().values({ ...values, id }).returning();
      await writeAudit(tx, ctx, {
        action: 'work_order.attachment_added',
        entityType: 'work_order',
        entityId: job.id,
        organizationId: job.organizationId,
        details: { attachmentId: row.id, fileName: row.fileName, contentType: row.contentType, size: row.size, width: row.width, height: row.height, storage: row.storage, shared: row.shared },
      });
      return toAttachment({ ...row, uploadedByName: staffName(ctx) });
    });
  } catch (err) {
    if (store && storageKey) await removeObjects(store, storageKey, bytes.thumbnail !== null);
    throw err;
  }
}
