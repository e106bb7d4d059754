// Scheduling a job from the board (docs/rules/team.md#dispatch-board): a visit (an appointment with the job's
// work_order_id) made by the scheduling feature's own createAppointment, so it keeps every rule of a staff booking
// (no double booking, 409, the customer's e-mail), then the people join the job's crew.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { DISPATCH_MESSAGES, type ScheduleJobBody } from '../../../contracts/dispatch';
import type { Appointment } from '../../../contracts/scheduling';
import type { Db, DbOrTx } from '../../db/client';
import { appointments, customers, services, workOrderAssignees, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, forbidden, invalid, notFound } from '../../platform/errors';
import { organizationForWrite, tenantWhere, tenantScopeForWrite } from '../../platform/tenancy';
import type { MailDeps } from '../scheduling/appointment-writes';
import { createAppointment } from '../scheduling/save-appointment';
import { assignCrew } from '../work-orders/work-order-crew';
import { estimatedMinutes, OPEN_JOB_STATUSES } from './dispatch-board';

/**
 * The visit's service when the call names none: the job's latest visit's, else an active service named like the job,
 * else the organization's first active service by name.
 */
async function serviceFor(db: DbOrTx, organizationId: number, job: { id: number; title: string }): Promise<number> {
  const [previous] = await db
    .select({ serviceId: appointments.serviceId })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.workOrderId, job.id), isNotNull(appointments.serviceId)))
    .orderBy(desc(appointments.appointmentDate))
    .limit(1);
  if (previous?.serviceId) return previous.serviceId;
  const [named] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), eq(services.isActive, true), sql`lower(${services.name}) = lower(${job.title.trim()})`))
    .limit(1);
  if (named) return named.id;
  const [any] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), eq(services.isActive, true)))
    .orderBy(asc(services.name), asc(services.id))
    .limit(1);
  if (!any) throw invalid(`serviceId: ${DISPATCH_MESSAGES.noService}`, [{ path: 'serviceId', message: DISPATCH_MESSAGES.noService }]);
  return any.id;
}

export async function scheduleJob(db: Db, mail: MailDeps, ctx: RequestContext, jobId: number, body: ScheduleJobBody): Promise<Appointment> {
  // Both halves are checked before anything is written: the visit (manage_appointments, the route's) and the crew.
  if (!ctx.permissions.has('assign_work_orders')) throw forbidden('You do not have permission to assign work orders');
  const organizationId = organizationForWrite(ctx, body.organizationId);
  const scope = tenantScopeForWrite(ctx, organizationId);
  const [job] = await db
    .select({
      id: workOrders.id,
      title: workOrders.title,
      status: workOrders.status,
      estimatedHours: workOrders.estimatedHours,
      customerId: customers.id,
      customerName: customers.name,
      customerEmail: customers.email,
      customerPhone: customers.phone,
    })
    .from(workOrders)
    .innerJoin(customers, and(eq(customers.organizationId, workOrders.organizationId), eq(customers.id, workOrders.customerId)))
    .where(tenantWhere(scope, workOrders, eq(workOrders.id, jobId)))
    .limit(1);
  if (!job) throw notFound('Work order not found');
  if (!(OPEN_JOB_STATUSES as readonly string[]).includes(job.status)) throw conflict(DISPATCH_MESSAGES.jobClosed);

  const serviceId = body.serviceId ?? (await serviceFor(db, organizationId, job));
  const appointment = await createAppointment(db, mail, ctx, {
    organizationId,
    serviceId,
    customerId: job.customerId,
    customerName: job.customerName,
    // Empty: createAppointment takes the customer's own and answers 400 on customerEmail when they have none.
    customerEmail: null,
    customerPhone: job.customerPhone,
    appointmentDate: body.date,
    appointmentTime: body.time,
    duration: body.duration ?? estimatedMinutes(job.estimatedHours),
    notes: null,
    workOrderId: job.id,
    assigneeIds: body.assigneeIds,
    repeat: body.repeat,
  });

  // The people join the crew; whoever was on it stays.
  const crew = await db
    .select({ userId: workOrderAssignees.userId })
    .from(workOrderAssignees)
    .where(and(eq(workOrderAssignees.organizationId, organizationId), eq(workOrderAssignees.workOrderId, job.id)));
  const ids = [...new Set([...crew.map((c) => c.userId), ...body.assigneeIds])];
  if (ids.length > crew.length) await assignCrew(db, ctx, organizationId, job.id, ids);
  return appointment;
}
