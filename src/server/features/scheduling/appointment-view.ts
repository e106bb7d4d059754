// Appointments as the API answers them: the row plus its service's name, wall clock as 'YYYY-MM-DDTHH:MM:SS'.
import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Assignee } from '../../../contracts/assignees';
import type { Appointment } from '../../../contracts/scheduling';
import { appointmentAssigneesSql } from '../team/assignees';
import { appointmentHoldSql, holdView, type StoredHold } from './booking-holds';
import type { DbOrTx } from '../../db/client';
import { appointmentSeries, appointments, services } from '../../db/schema/index';
import { describeRule } from '../../../contracts/repeat';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { scopeFilter, tenantScope, tenantWhere } from '../../platform/tenancy';
import { SCHEDULING_LIMITS } from '../../../contracts/scheduling';
import { addDays, daysBetween, normalize } from '../../platform/wall-clock';

const columns = {
  appt: appointments,
  serviceName: services.name,
  seriesRule: appointmentSeries.rule,
  assignees: appointmentAssigneesSql(appointments.organizationId, appointments.id),
  hold: appointmentHoldSql(appointments.organizationId, appointments.id, appointments.source),
};

function toView(r: { appt: typeof appointments.$inferSelect; serviceName: string | null; seriesRule: string | null; assignees: Assignee[]; hold: StoredHold | null }): Appointment {
  const a = r.appt;
  return {
    id: a.id,
    organizationId: a.organizationId,
    serviceId: a.serviceId,
    serviceName: r.serviceName,
    customerId: a.customerId,
    customerName: a.customerName,
    customerEmail: a.customerEmail,
    customerPhone: a.customerPhone,
    appointmentDate: normalize(a.appointmentDate),
    duration: a.duration,
    status: a.status,
    notes: a.notes,
    workOrderId: a.workOrderId,
    source: a.source,
    assignees: r.assignees,
    bufferBefore: a.bufferBefore,
    bufferAfter: a.bufferAfter,
    series: a.seriesId !== null && r.seriesRule !== null ? { id: a.seriesId, rule: r.seriesRule, summary: describeRule(r.seriesRule) } : null,
    hold: holdView(r.hold, a),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

async function select(db: DbOrTx, where: SQL | undefined, limit: number): Promise<Appointment[]> {
  const rows = await db
    .select(columns)
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(appointmentSeries, and(eq(appointmentSeries.organizationId, appointments.organizationId), eq(appointmentSeries.id, appointments.seriesId)))
    .where(where)
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(limit);
  return rows.map(toView);
}

export async function appointmentView(db: DbOrTx, id: number): Promise<Appointment> {
  const [view] = await select(db, eq(appointments.id, id), 1);
  return view;
}

/** One appointment of the caller's organization; another organization's id is not found. */
export async function getAppointment(db: DbOrTx, ctx: RequestContext, id: number): Promise<Appointment> {
  const [view] = await select(db, tenantWhere(tenantScope(ctx), appointments, eq(appointments.id, id)), 1);
  if (!view) throw notFound('Appointment not found');
  return view;
}

const MAX_ROWS = 2000;

/** The organization's appointments on the days from..to (inclusive, its wall clock), by time. */
export async function listAppointments(
  db: DbOrTx,
  ctx: RequestContext,
  query: { from?: string; to?: string; workOrderId?: number; organizationId?: number },
): Promise<Appointment[]> {
  if (query.from && query.to) {
    const days = daysBetween(query.from, query.to);
    if (days < 0) throw invalid('to: The end date must not be before the start date', [{ path: 'to', message: 'The end date must not be before the start date' }]);
    if (days > SCHEDULING_LIMITS.maxRangeDays) throw invalid('to: At most 366 days at a time', [{ path: 'to', message: 'At most 366 days at a time' }]);
  }
  const where = and(
    scopeFilter(tenantScope(ctx, query.organizationId), appointments.organizationId),
    query.from ? gte(appointments.appointmentDate, `${query.from}T00:00:00`) : undefined,
    query.to ? lt(appointments.appointmentDate, `${addDays(query.to, 1)}T00:00:00`) : undefined,
    query.workOrderId ? eq(appointments.workOrderId, query.workOrderId) : undefined,
  );
  return select(db, where, MAX_ROWS);
}
