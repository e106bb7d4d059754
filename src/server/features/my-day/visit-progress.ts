// Start and Complete on a visit (docs/rules/team.md#my-day). Start stamps the visit once, puts a scheduled job in
// progress and runs the caller's timer on the job (stopping a timer they had running on something else); Complete
// stamps it completed and stops the caller's timer on the job. Both may be pressed again, by the same person or
// another on the crew: the first stamp stays and each person's own timer follows.
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { MY_DAY_MESSAGES, type CompleteVisitResult, type StartVisitResult } from '../../../contracts/my-day';
import type { TimeEntry } from '../../../contracts/time-entries';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { AppError, conflict } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { formatWallClockTime } from '../../platform/wall-clock';
import { getActiveTimeEntry } from '../time-entries/get-active-time-entry';
import { startTimeEntry } from '../time-entries/start-time-entry';
import { stopTimeEntry } from '../time-entries/stop-time-entry';
import { getWorkOrder } from '../work-orders/get-work-order';
import { updateWorkOrder } from '../work-orders/update-work-order';
import { closedReason, ownVisit, visitView } from './my-day-view';
import { emitWebhookEvent } from '../webhooks/emit-event';

const CLOSED = ['cancelled', 'no_show', 'completed'];

/** A 409 another request caused in between (a timer started or stopped at the same moment). */
const isConflict = (err: unknown) => err instanceof AppError && err.status === 409;

export async function startVisit(db: Db, ctx: RequestContext, appointmentId: number): Promise<StartVisitResult> {
  const { row, visit, serviceName } = await ownVisit(db, ctx, appointmentId);
  const closed = closedReason(row.status, row.completedAt);
  if (closed) throw conflict(closed);
  const where = tenantWhere(tenantScope(ctx), appointments, eq(appointments.id, appointmentId));
  // The first Start's time stays (a crew member's later Start only runs their own timer).
  const [stamped] = await db
    .update(appointments)
    .set({ startedAt: sql`coalesce(${appointments.startedAt}, now())` })
    .where(and(where, notInArray(appointments.status, CLOSED), isNull(appointments.completedAt)))
    .returning({ id: appointments.id });
  if (!stamped) throw conflict(MY_DAY_MESSAGES.completed);

  let timer: StartVisitResult['timer'] = null;
  let stoppedTimer: StartVisitResult['stoppedTimer'] = null;
  const jobId = row.workOrderId;
  if (jobId !== null && visit.job) {
    // A scheduled job goes to in progress (WORK_ORDER_STATUSES); one already further along is left alone.
    const job = await getWorkOrder(db, ctx, jobId);
    if (job.status === 'scheduled') await updateWorkOrder(db, ctx, jobId, { status: 'in_progress' });
    const running = await getActiveTimeEntry(db, ctx);
    if (running && running.workOrderId === jobId) {
      timer = { id: running.id, workOrderId: jobId };
    } else {
      if (running) {
        // One timer per person: the tech is here now, so the previous one ends (said on the screen).
        try {
          await stopTimeEntry(db, ctx, running.id);
          stoppedTimer = { id: running.id, workOrderTitle: running.workOrderTitle };
        } catch (err) {
          if (!isConflict(err)) throw err;
        }
      }
      const started = await startOrRunning(db, ctx, jobId, `${serviceName ?? 'Visit'} at ${formatWallClockTime(visit.start)} (My day)`);
      timer = started ? { id: started.id, workOrderId: started.workOrderId } : null;
    }
  }
  return { visit: await visitView(db, ctx, appointmentId), timer, stoppedTimer };
}

/** Starts the caller's timer on the job; when a simultaneous Start won, the timer it started. */
async function startOrRunning(db: Db, ctx: RequestContext, workOrderId: number, description: string): Promise<TimeEntry | null> {
  try {
    return await startTimeEntry(db, ctx, { workOrderId, description });
  } catch (err) {
    if (!isConflict(err)) throw err;
    const running = await getActiveTimeEntry(db, ctx);
    if (running && running.workOrderId === workOrderId) return running;
    throw err;
  }
}

export async function completeVisit(db: Db, ctx: RequestContext, appointmentId: number): Promise<CompleteVisitResult> {
  const { row } = await ownVisit(db, ctx, appointmentId);
  if (row.status === 'cancelled' || row.status === 'no_show') throw conflict(closedReason(row.status, null) ?? MY_DAY_MESSAGES.cancelled);
  const where = tenantWhere(tenantScope(ctx), appointments, eq(appointments.id, appointmentId));
  const stamped = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(appointments)
      .set({ status: 'completed', completedAt: sql`coalesce(${appointments.completedAt}, now())` })
      .where(and(where, notInArray(appointments.status, ['cancelled', 'no_show'])))
      .returning({ id: appointments.id, organizationId: appointments.organizationId });
    // Its status changed (docs/rules/public-api.md#webhook-events); pressed again, nothing did.
    if (done && row.status !== 'completed') await emitWebhookEvent(tx, done.organizationId, 'appointment.changed', done.id);
    return done;
  });
  if (!stamped) throw conflict(MY_DAY_MESSAGES.cancelled);

  // The caller's own timer on this visit's job stops; a timer on anything else is not this visit's.
  let stoppedTimerId: number | null = null;
  const running = row.workOrderId !== null ? await getActiveTimeEntry(db, ctx) : null;
  if (running && running.workOrderId === row.workOrderId) {
    try {
      await stopTimeEntry(db, ctx, running.id);
      stoppedTimerId = running.id;
    } catch (err) {
      if (!isConflict(err)) throw err;
    }
  }
  return { visit: await visitView(db, ctx, appointmentId), stoppedTimerId };
}
