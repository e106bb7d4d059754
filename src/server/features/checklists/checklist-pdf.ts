// A job's checklists on its job sheet (docs/rules/team.md#checklists): every item with its answer (Yes or No, the
// number, the text, a photo's small picture), `—` when unanswered, and who completed it when.
import { and, eq, inArray } from 'drizzle-orm';
import { answerText, checklistProgress, type WorkOrderChecklist } from '../../../contracts/checklists';
import { formatDateTime } from '../../../contracts/format';
import type { PdfChecklist } from '../../adapters/pdf/document-pdf';
import type { ObjectStore } from '../../adapters/file-store/file-store';
import type { DbOrTx } from '../../db/client';
import { thumbnailKey } from '../work-order-attachments/attachment-view';
import { workOrderAttachments } from '../../db/schema/index';

/** A stored photo this large is printed from its own bytes when it has no thumbnail. */
const MAX_INLINE_BYTES = 2 * 1024 * 1024;

/**
 * The small pictures of the photos the answers name, by attachment id (none for a job of another organization): from
 * the row, or from the object storage for a photo kept there. A picture out of reach (storage not configured or
 * failing) is left out and the answer still reads "Photo attached": the job sheet is not refused for a thumbnail.
 */
async function photosOf(db: DbOrTx, store: ObjectStore | null, organizationId: number, workOrderId: number, ids: number[]): Promise<Map<number, Buffer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: workOrderAttachments.id,
      storage: workOrderAttachments.storage,
      storageKey: workOrderAttachments.storageKey,
      thumbnail: workOrderAttachments.thumbnail,
      data: workOrderAttachments.data,
      size: workOrderAttachments.size,
    })
    .from(workOrderAttachments)
    .where(and(eq(workOrderAttachments.organizationId, organizationId), eq(workOrderAttachments.workOrderId, workOrderId), inArray(workOrderAttachments.id, ids)));
  const photos = new Map<number, Buffer>();
  for (const r of rows) {
    const bytes =
      r.storage === 's3'
        ? store && r.storageKey
          ? await store.get(thumbnailKey(r.storageKey)).catch(() => null)
          : null
        : (r.thumbnail ?? (r.data && r.size <= MAX_INLINE_BYTES ? r.data : null));
    if (bytes) photos.set(r.id, bytes);
  }
  return photos;
}

export async function checklistPdfBlocks(db: DbOrTx, store: ObjectStore | null, job: { organizationId: number; id: number }, list: readonly WorkOrderChecklist[]): Promise<PdfChecklist[]> {
  const photoIds = list.flatMap((c) => Object.values(c.answers).flatMap((a) => (a !== null && typeof a === 'object' ? [a.attachmentId] : [])));
  const photos = await photosOf(db, store, job.organizationId, job.id, [...new Set(photoIds)]);
  return list.map((c) => {
    const { answered, total } = checklistProgress(c);
    return {
      name: c.name,
      rows: c.items.map((item) => {
        const answer = c.answers[item.id];
        const image = answer !== null && typeof answer === 'object' ? (photos.get(answer.attachmentId) ?? null) : null;
        return { label: item.label, answer: answerText(item.kind, answer), image };
      }),
      note: c.completedAt
        ? `Completed by ${c.completedBy?.name ?? 'a former team member'} on ${formatDateTime(c.completedAt)}`
        : `Not completed: ${answered} of ${total} answered`,
    };
  });
}
