// A stored attachment row as the API answers it: its facts, never its bytes (docs/rules/team.md#photos-and-files).
import { sql } from 'drizzle-orm';
import type { AttachmentKind, WorkOrderAttachment } from '../../../contracts/work-order-attachments';
import { users, workOrderAttachments } from '../../db/schema/index';

/** The columns a list reads: no `data` or `thumbnail`, so a job with many photos lists in a few kilobytes. */
export const attachmentColumns = {
  id: workOrderAttachments.id,
  organizationId: workOrderAttachments.organizationId,
  workOrderId: workOrderAttachments.workOrderId,
  fileName: workOrderAttachments.fileName,
  contentType: workOrderAttachments.contentType,
  size: workOrderAttachments.size,
  width: workOrderAttachments.width,
  height: workOrderAttachments.height,
  storage: workOrderAttachments.storage,
  storageKey: workOrderAttachments.storageKey,
  caption: workOrderAttachments.caption,
  shared: workOrderAttachments.shared,
  createdAt: workOrderAttachments.createdAt,
  /** Who added it, by name (else e-mail); null once that user is deleted. */
  uploadedByName: sql<string | null>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`,
};

export type AttachmentRow = {
  id: number;
  workOrderId: number;
  fileName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  caption: string | null;
  shared: boolean;
  createdAt: Date;
  uploadedByName: string | null;
};

/** Photos are images (they have a thumbnail); anything else kept is a file (a PDF). */
export function kindOf(contentType: string): AttachmentKind {
  return contentType.startsWith('image/') ? 'photo' : 'file';
}

export function toAttachment(row: AttachmentRow): WorkOrderAttachment {
  const kind = kindOf(row.contentType);
  return {
    id: row.id,
    workOrderId: row.workOrderId,
    fileName: row.fileName,
    contentType: row.contentType,
    kind,
    size: row.size,
    width: row.width,
    height: row.height,
    hasThumbnail: kind === 'photo',
    caption: row.caption,
    shared: row.shared,
    uploadedByName: row.uploadedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The object key of a photo's thumbnail, beside the photo's own (`...-thumb.jpg`). */
export function thumbnailKey(storageKey: string): string {
  return storageKey.replace(/(\.[a-z0-9]+)?$/, '-thumb$1');
}
