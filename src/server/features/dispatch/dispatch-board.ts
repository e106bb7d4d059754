// The dispatch board (docs/rules/team.md#dispatch-board): the staff with their hours and time off on the shown days,
// the appointments of those days, the unassigned ones and the open jobs without a coming visit. Four statements, each
// read through an index: appointments_org_date_idx for the days, work_orders_org_status_due_idx for the jobs.
import { and, asc, eq, gt, gte, inArray, lt, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { DISPATCH_LIMITS, type DispatchAppointment, type DispatchBoard, type DispatchJob, type DispatchQuery } from '../../../contracts/dispatch';
import type { Assignee } from '../../../contracts/assignees';
import { HELD_STATUS, SCHEDULING_DEFAULTS } from '../../../contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { appointments, customers, services, staffTimeOff, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { scopeFilter, tenantScope, type TenantScope } from '../../platform/tenancy';
import { addDays, normalize, todayIn, weekdayOf } from '../../platform/wall-clock';
import { settingsOf } from '../scheduling/booking-rules';
import { organizationInScope } from '../scheduling/organization-scope';
import { appointmentAssigneesSql, workOrderAssigneesSql } from '../team/assignees';
import { listStaff } from '../team/staff';

/** "12 Oak St, Springfield, IL 62704" from a customers row, or null when it has none. */
const addressSql = sql<string | null>`nullif(concat_ws(', ', nullif(trim(${customers.address}), ''), nullif(trim(${customers.city}), ''), nullif(trim(concat_ws(' ', ${customers.state}, ${customers.zip})), '')), '')`;

/** Open jobs: what the board offers to schedule. */
export const OPEN_JOB_STATUSES = ['scheduled', 'in_progress'] as const;

async function boardAppointments(db: DbOrTx, scope: TenantScope, first: string, last: string, limit: number): Promise<DispatchAppointment[]> {
  const rows = await db
    .select({
      a: {
        id: appointments.id,
        start: appointments.appointmentDate,
        duration: appointments.duration,
        bufferBefore: appointments.bufferBefore,
        bufferAfter: appointments.bufferAfter,
        status: appointments.status,
        serviceId: appointments.serviceId,
        customerId: appointments.customerId,
        customerName: appointments.customerName,
        workOrderId: appointments.workOrderId,
      },
      serviceName: services.name,
      address: addressSql,
      orderNumber: workOrders.orderNumber,
      jobTitle: workOrders.title,
      assignees: appointmentAssigneesSql(appointments.organizationId, appointments.id),
    })
    .from(appointments)
    .leftJoin(services, and(eq(services.organizationId, appointments.organizationId), eq(services.id, appointments.serviceId)))
    .leftJoin(customers, and(eq(customers.organizationId, appointments.organizationId), eq(customers.id, appointments.customerId)))
    .leftJoin(workOrders, and(eq(workOrders.organizationId, appointments.organizationId), eq(workOrders.id, appointments.workOrderId)))
    .where(
      and(
        scopeFilter(scope, appointments.organizationId),
        gte(appointments.appointmentDate, `${first}T00:00:00`),
        lt(appointments.appointmentDate, `${addDays(last, 1)}T00:00:00`),
        // An online booking waiting for its deposit or card is not work yet (docs/rules/scheduling.md#holding-a-booking).
        notInArray(appointments.status, ['cancelled', HELD_STATUS]),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.a,
    start: normalize(r.a.start),
    serviceName: r.serviceName,
    address: r.address,
    orderNumber: r.orderNumber,
    jobTitle: r.jobTitle,
    assignees: r.assignees as Assignee[],
  }));
}

/** Open jobs with no visit (an appointment not cancelled) from today on, those due first. */
async function unscheduledJobs(db: DbOrTx, scope: TenantScope, today: string, limit: number): Promise<DispatchJob[]> {
  const visit = db
    .select({ one: sql`1` })
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, workOrders.organizationId),
        eq(appointments.workOrderId, workOrders.id),
        ne(appointments.status, 'cancelled'),
        gte(appointments.appointmentDate, `${today}T00:00:00`),
      ),
    );
  const rows = await db
    .select({
      id: workOrders.id,
      orderNumber: workOrders.orderNumber,
      title: workOrders.title,
      status: workOrders.status,
      customerId: workOrders.customerId,
      customerName: customers.name,
      address: addressSql,
      startDate: workOrders.startDate,
      dueDate: workOrders.dueDate,
      estimatedHours: workOrders.estimatedHours,
      crew: workOrderAssigneesSql(workOrders.organizationId, workOrders.id),
    })
    .from(workOrders)
    .innerJoin(customers, and(eq(customers.organizationId, workOrders.organizationId), eq(customers.id, workOrders.customerId)))
    .where(and(scopeFilter(scope, workOrders.organizationId), inArray(workOrders.status, [...OPEN_JOB_STATUSES]), notExists(visit)))
    .orderBy(sql`${workOrders.dueDate} asc nulls last`, asc(workOrders.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.orderNumber,
    title: r.title,
    status: r.status,
    customerId: r.customerId,
    customerName: r.customerName,
    address: r.address,
    startDate: r.startDate?.toISOString() ?? null,
    dueDate: r.dueDate?.toISOString() ?? null,
    estimatedMinutes: estimatedMinutes(r.estimatedHours),
    crew: r.crew as Assignee[],
  }));
}

/** A job's estimated hours as minutes, up in quarter hours, at most a day; null when it has none. */
export function estimatedMinutes(hours: string | null): number | null {
  const n = hours === null ? NaN : Number(hours);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(24 * 60, Math.ceil((n * 60) / 15) * 15);
}

export async function dispatchBoard(db: DbOrTx, ctx: RequestContext, query: DispatchQuery): Promise<DispatchBoard> {
  const organizationId = organizationInScope(ctx, query.organizationId);
  const settings = organizationId === null ? null : await settingsOf(db, organizationId);
  const timeZone = settings?.timeZone ?? SCHEDULING_DEFAULTS.timeZone;
  const today = todayIn(timeZone);
  const first = query.date ?? today;
  const dates = Array.from({ length: query.days }, (_, i) => addDays(first, i));
  const last = dates[dates.length - 1];
  if (organizationId === null) return { timeZone, today, dates, staff: [], appointments: [], unassigned: [], jobs: [], truncated: false };
  const scope = tenantScope(ctx, organizationId);

  const [staff, away, shown, jobs] = await Promise.all([
    listStaff(db, organizationId, settings),
    db
      .select({ userId: staffTimeOff.userId, startsAt: staffTimeOff.startsAt, endsAt: staffTimeOff.endsAt, reason: staffTimeOff.reason })
      .from(staffTimeOff)
      .where(and(scopeFilter(scope, staffTimeOff.organizationId), lt(staffTimeOff.startsAt, `${addDays(last, 1)}T00:00:00`), gt(staffTimeOff.endsAt, `${first}T00:00:00`)))
      .orderBy(asc(staffTimeOff.startsAt))
      .limit(2000),
    boardAppointments(db, scope, first, last, DISPATCH_LIMITS.maxAppointments + 1),
    unscheduledJobs(db, scope, today, DISPATCH_LIMITS.maxJobs + 1),
  ]);
  const assigned = shown.filter((a) => a.assignees.length > 0);
  const unassigned = shown.filter((a) => a.assignees.length === 0);
  const truncated = shown.length > DISPATCH_LIMITS.maxAppointments || jobs.length > DISPATCH_LIMITS.maxJobs || unassigned.length > DISPATCH_LIMITS.maxUnassigned;
  return {
    timeZone,
    today,
    dates,
    staff: staff.map((m) => ({
      id: m.id,
      name: m.name,
      role: m.role,
      hours: dates.map((date) => ({ date, ...m.hours[weekdayOf(date)] })),
      timeOff: away.filter((t) => t.userId === m.id).map((t) => ({ startsAt: normalize(t.startsAt), endsAt: normalize(t.endsAt), reason: t.reason })),
    })),
    appointments: assigned.slice(0, DISPATCH_LIMITS.maxAppointments),
    unassigned: unassigned.slice(0, DISPATCH_LIMITS.maxUnassigned),
    jobs: jobs.slice(0, DISPATCH_LIMITS.maxJobs),
    truncated,
  };
}
