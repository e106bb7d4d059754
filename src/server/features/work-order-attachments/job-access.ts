// Whose job photos and files are whose (docs/rules/team.md#photos-and-files): anyone who reads jobs sees a job's; its
// crew and those who manage jobs add, change and remove them. Another organization's job is not found.
import { and, eq } from 'drizzle-orm';
import { ATTACHMENT_MESSAGES } from '../../../contracts/work-order-attachments';
import type { DbOrTx } from '../../db/client';
import { workOrderAssignees, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';

export interface JobRef {
  id: number;
  organizationId: number;
}

/** The job in the caller's scope, or 404; `change`: also 403 unless the caller is on its crew or manages jobs. */
export async function findJob(db: DbOrTx, ctx: RequestContext, workOrderId: number, opts: { change?: boolean } = {}): Promise<JobRef> {
  const [job] = await db
    .select({ id: workOrders.id, organizationId: workOrders.organizationId })
    .from(workOrders)
    .where(tenantWhere(tenantScope(ctx), workOrders, eq(workOrders.id, workOrderId)))
    .limit(1);
  if (!job) throw notFound('Work order not found');
  if (opts.change && !ctx.permissions.has('manage_work_orders')) {
    // As for the customer's sign-off (sign-off.ts): the technician on the job adds its photos on site.
    const [onCrew] = await db
      .select({ userId: workOrderAssignees.userId })
      .from(workOrderAssignees)
      .where(and(eq(workOrderAssignees.organizationId, job.organizationId), eq(workOrderAssignees.workOrderId, job.id), eq(workOrderAssignees.userId, ctx.user.id)))
      .limit(1);
    if (!onCrew) throw forbidden(ATTACHMENT_MESSAGES.notCrew);
  }
  return job;
}
