// GET /api/work-orders/:id/attachments: a job's photos and files, newest first, without their bytes
// (docs/rules/team.md#photos-and-files).
import { and, desc, eq } from 'drizzle-orm';
import type { WorkOrderAttachment } from '../../../contracts/work-order-attachments';
import type { DbOrTx } from '../../db/client';
import { users, workOrderAttachments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { attachmentColumns, toAttachment } from './attachment-view';
import { findJob } from './job-access';

export async function listAttachments(db: DbOrTx, ctx: RequestContext, workOrderId: number): Promise<WorkOrderAttachment[]> {
  const job = await findJob(db, ctx, workOrderId);
  const rows = await db
    .select(attachmentColumns)
    .from(workOrderAttachments)
    .leftJoin(users, eq(users.id, workOrderAttachments.uploadedBy))
    .where(tenantWhere(tenantScope(ctx, job.organizationId), workOrderAttachments, and(eq(workOrderAttachments.organizationId, job.organizationId), eq(workOrderAttachments.workOrderId, job.id))))
    .orderBy(desc(workOrderAttachments.createdAt), desc(workOrderAttachments.id));
  return rows.map(toAttachment);
}

/** One attachment of the job in the caller's scope, without its bytes; null when there is none. */
export async function findAttachment(db: DbOrTx, ctx: RequestContext, job: { id: number; organizationId: number }, attachmentId: number) {
  const [row] = await db
    .select(attachmentColumns)
    .from(workOrderAttachments)
    .leftJoin(users, eq(users.id, workOrderAttachments.uploadedBy))
    .where(
      tenantWhere(
        tenantScope(ctx, job.organizationId),
        workOrderAttachments,
        and(eq(workOrderAttachments.organizationId, job.organizationId), eq(workOrderAttachments.workOrderId, job.id), eq(workOrderAttachments.id, attachmentId)),
      ),
    )
    .limit(1);
  return row ?? null;
}
