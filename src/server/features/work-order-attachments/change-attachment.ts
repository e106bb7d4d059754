// PATCH and DELETE /api/work-orders/:id/attachments/:attachmentId: a caption and whether the customer sees it, or the
// photo or file gone, object storage included (docs/rules/team.md#photos-and-files). By the job's crew or those
// who manage jobs (job-access.ts).
import { and, eq } from 'drizzle-orm';
import { ATTACHMENT_MESSAGES, type UpdateAttachmentBody, type WorkOrderAttachment } from '../../../contracts/work-order-attachments';
import type { ObjectStore } from '../../adapters/file-store/file-store';
import type { Db } from '../../db/client';
import { workOrderAttachments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound, providerFailed } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { kindOf, thumbnailKey, toAttachment } from './attachment-view';
import type { JobRef } from './job-access';
import { findAttachment } from './list-attachments';

const attachmentWhere = (ctx: RequestContext, job: JobRef, attachmentId: number) =>
  tenantWhere(
    tenantScope(ctx, job.organizationId),
    workOrderAttachments,
    and(eq(workOrderAttachments.organizationId, job.organizationId), eq(workOrderAttachments.workOrderId, job.id), eq(workOrderAttachments.id, attachmentId)),
  );

export async function updateAttachment(db: Db, ctx: RequestContext, job: JobRef, attachmentId: number, body: UpdateAttachmentBody): Promise<WorkOrderAttachment> {
  const before = await findAttachment(db, ctx, job, attachmentId);
  if (!before) throw notFound(ATTACHMENT_MESSAGES.notFound);
  const changes: { caption?: string | null; shared?: boolean } = {};
  if (body.caption !== undefined) changes.caption = body.caption;
  if (body.shared !== undefined) changes.shared = body.shared;
  if (Object.keys(changes).length === 0) return toAttachment(before);
  await db.transaction(async (tx) => {
    const [row] = await tx.update(workOrderAttachments).set(changes).where(attachmentWhere(ctx, job, attachmentId)).returning({ id: workOrderAttachments.id });
    if (!row) throw notFound(ATTACHMENT_MESSAGES.notFound);
    await writeAudit(tx, ctx, {
      action: 'work_order.attachment_changed',
      entityType: 'work_order',
      entityId: job.id,
      organizationId: job.organizationId,
      details: { attachmentId, ...changes, ...(changes.shared !== undefined && changes.shared !== before.shared ? { sharedBefore: before.shared } : {}) },
    });
  });
  return toAttachment({ ...before, ...changes });
}

export async function deleteAttachment(db: Db, store: ObjectStore | null, ctx: RequestContext, job: JobRef, attachmentId: number): Promise<void> {
  const row = await findAttachment(db, ctx, job, attachmentId);
  if (!row) throw notFound(ATTACHMENT_MESSAGES.notFound);
  // The objects go first: a storage failure answers 502/503 and keeps the row, so trying again finishes the job.
  if (row.storage === 's3' && row.storageKey) {
    if (!store) throw providerFailed('s3', ATTACHMENT_MESSAGES.storageUnreachable, 'the file is in object storage, but S3_ENDPOINT and S3_BUCKET are not set');
    await store.delete(row.storageKey);
    if (kindOf(row.contentType) === 'photo') await store.delete(thumbnailKey(row.storageKey));
  }
  await db.transaction(async (tx) => {
    await tx.delete(workOrderAttachments).where(attachmentWhere(ctx, job, attachmentId));
    await writeAudit(tx, ctx, {
      action: 'work_order.attachment_deleted',
      entityType: 'work_order',
      entityId: job.id,
      organizationId: job.organizationId,
      details: { attachmentId, fileName: row.fileName, contentType: row.contentType, size: row.size, storage: row.storage },
    });
  });
}
