// The customer's sign-off on a finished job (docs/rules/team.md#sign-off): signed on the technician's screen, kept
// with the signer's name, the time and whose screen it was, and printed on the job sheet. It completes the job.
import { and, eq, sql } from 'drizzle-orm';
import { SIGN_OFF_MESSAGES, type SignOffBody, type WorkOrder } from '../../../contracts/work-orders';
import type { Db } from '../../db/client';
import { workOrderAssignees, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { getWorkOrder } from './get-work-order';
import { emitWebhookEvent } from '../webhooks/emit-event';
import { queueReviewRequest } from '../review-requests/queue-review-request';

function staffName(ctx: RequestContext): string {
  return [ctx.user.firstName, ctx.user.lastName].filter(Boolean).join(' ').trim() || ctx.user.email;
}

export async function signOffWorkOrder(db: Db, ctx: RequestContext, id: number, body: SignOffBody, now = new Date()): Promise<WorkOrder> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: workOrders.id, organizationId: workOrders.organizationId, status: workOrders.status, signOff: workOrders.signOff })
      .from(workOrders)
      .where(tenantWhere(tenantScope(ctx), workOrders, eq(workOrders.id, id)))
      .for('update')
      .limit(1);
    if (!job) throw notFound('Work order not found');
    if (!ctx.permissions.has('manage_work_orders')) {
      const [onCrew] = await tx
        .select({ userId: workOrderAssignees.userId })
        .from(workOrderAssignees)
        .where(and(eq(workOrderAssignees.organizationId, job.organizationId), eq(workOrderAssignees.workOrderId, id), eq(workOrderAssignees.userId, ctx.user.id)))
        .limit(1);
      if (!onCrew) throw forbidden(SIGN_OFF_MESSAGES.notCrew);
    }
    if (job.signOff) throw conflict(SIGN_OFF_MESSAGES.alreadySigned);
    if (job.status === 'cancelled') throw conflict(SIGN_OFF_MESSAGES.cancelled);
    await tx
      .update(workOrders)
      .set({
        signOff: { signerName: body.signerName, signature: body.signature, signedAt: now.toISOString(), takenById: ctx.user.id, takenByName: staffName(ctx) },
        status: 'completed',
        completedDate: sql`coalesce(${workOrders.completedDate}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(workOrders.id, id));
    if (job.status !== 'completed') await emitWebhookEvent(tx, job.organizationId, 'work_order.completed', id);
    if (job.status !== 'completed') await queueReviewRequest(tx, job.organizationId, id);
  });
  return getWorkOrder(db, ctx, id);
}
