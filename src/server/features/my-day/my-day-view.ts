// "My day" as the screen reads it (docs/rules/team.md#my-day): the caller's own visits of one day in the
// organization's zone, cancelled ones left out, in time order, each with what the person on site needs.
import { and, asc, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Assignee } from '../../../contracts/assignees';
import type { MyDay, MyDayVisit, Notify } from '../../../contracts/my-day';
import { MY_DAY_MESSAGES, senderPhrase } from '../../../contracts/my-day';
import { HELD_STATUS } from '../../../contracts/scheduling';
import { toE164 } from '../../adapters/sms/e164';
import type { DbOrTx } from '../../db/client';
import { appointmentAssignees, appointments, customers, organizations, scheduleSettings, services, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere, type TenantScope } from '../../platform/tenancy';
import { addDays, addMinutes, normalize, resolveTimeZone, todayIn } from '../../platform/wall-clock';
import { appointmentAssigneesSql } from '../team/assignees';

/** The organization's zone (its schedule settings), the default without them. */
export async function organizationTimeZone(db: DbOrTx, organizationId: number | null): Promise<string> {
  if (organizationId === null) return resolveTimeZone(null);
  const [row] = await db.select({ timeZone: scheduleSettings.timeZone }).from(scheduleSettings).where(eq(scheduleSettings.organizationId, organizationId)).limit(1);
  return resolveTimeZone(row?.timeZone);
}

const columns = {
  appt: appointments,
  serviceName: services.name,
  customerPhone: customers.phone,
  customerEmail: customers.email,
  street: customers.address,
  city: customers.city,
  state: customers.state,
  zip: customers.zip,
  jobNumber: workOrders.orderNumber,
  jobTitle: workOrders.title,
  jobStatus: workOrders.status,
  assignees: appointmentAssigneesSql(appointments.organizationId, appointments.id),
};

type Row = {
  appt: typeof appointments.$inferSelect;
  serviceName: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  jobNumber: string | null;
  jobTitle: string | null;
  jobStatus: string | null;
  assignees: Assignee[];
};

function selectVisits(db: DbOrTx, scope: TenantScope, ...conditions: (SQL | undefined)[]) {
  return db
    .select(columns)
    .from(appointments)
    .leftJoin(services, and(eq(services.organizationId, appointments.organizationId), eq(services.id, appointments.serviceId)))
    .leftJoin(customers, and(eq(customers.organizationId, appointments.organizationId), eq(customers.id, appointments.customerId)))
    .leftJoin(workOrders, and(eq(workOrders.organizationId, appointments.organizationId), eq(workOrders.id, appointments.workOrderId)))
    .where(tenantWhere(scope, appointments, ...conditions));
}

const blank = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** "12 Oak St, Springfield, IL 62701" from the customer record's parts. */
function addressLine(r: Row): string | null {
  const cityLine = [blank(r.city), [blank(r.state), blank(r.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [blank(r.street), cityLine].filter(Boolean).join(', ') || null;
}

/** A text to the phone when it can be one (E.164), else an e-mail (docs/rules/team.md#my-day). */
export function notifyOf(phone: string | null, email: string | null): Notify {
  const e164 = toE164(phone);
  if (e164) return { channel: 'sms', to: e164 };
  if (email) return { channel: 'email', to: email };
  return null;
}

function toVisit(r: Row): MyDayVisit {
  const a = r.appt;
  const start = normalize(a.appointmentDate);
  const phone = blank(a.customerPhone) ?? blank(r.customerPhone);
  const email = blank(a.customerEmail) ?? blank(r.customerEmail);
  return {
    id: a.id,
    start,
    end: addMinutes(start, a.duration),
    duration: a.duration,
    serviceName: r.serviceName,
    status: a.status,
    customerName: blank(a.customerName),
    customerPhone: phone,
    customerEmail: email,
    address: addressLine(r),
    notes: blank(a.notes),
    job: a.workOrderId !== null && r.jobNumber !== null ? { id: a.workOrderId, number: r.jobNumber, title: r.jobTitle ?? '', status: r.jobStatus ?? 'scheduled' } : null,
    assignees: r.assignees,
    onMyWayAt: a.onMyWayAt?.toISOString() ?? null,
    expectedArrivalAt: a.expectedArrivalAt?.toISOString() ?? null,
    startedAt: a.startedAt?.toISOString() ?? null,
    completedAt: a.completedAt?.toISOString() ?? null,
    notify: notifyOf(phone, email),
  };
}

/** The caller's own visits of the day (today in the organization's zone when no date is given). */
export async function getMyDay(db: DbOrTx, ctx: RequestContext, date: string | undefined): Promise<MyDay> {
  const timeZone = await organizationTimeZone(db, ctx.organizationId);
  const today = todayIn(timeZone);
  const day = date ?? today;
  const rows = await selectVisits(
    db,
    tenantScope(ctx),
    sql`exists (select 1 from ${appointmentAssignees} where ${appointmentAssignees.organizationId} = ${appointments.organizationId}
      and ${appointmentAssignees.appointmentId} = ${appointments.id} and ${appointmentAssignees.userId} = ${ctx.user.id})`,
    // An online booking waiting for its deposit or card is not work yet (docs/rules/scheduling.md#holding-a-booking).
    notInArray(appointments.status, ['cancelled', HELD_STATUS]),
    gte(appointments.appointmentDate, `${day} 00:00:00`),
    lt(appointments.appointmentDate, `${addDays(day, 1)} 00:00:00`),
  )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id))
    .limit(200);
  const [org] = ctx.organizationId === null ? [] : await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, ctx.organizationId)).limit(1);
  return { date: day, today, timeZone, from: senderPhrase(ctx.user.firstName, org?.name ?? ''), visits: rows.map(toVisit) };
}

/** One visit as My day shows it. */
export async function visitView(db: DbOrTx, ctx: RequestContext, id: number): Promise<MyDayVisit> {
  const [row] = await selectVisits(db, tenantScope(ctx), eq(appointments.id, id)).limit(1);
  if (!row) throw notFound(MY_DAY_MESSAGES.notFound);
  return toVisit(row);
}

export interface OwnVisit {
  row: typeof appointments.$inferSelect;
  visit: MyDayVisit;
  serviceName: string | null;
}

/**
 * A visit of the caller's organization that the caller is on: another organization's id is not found (404), one
 * of their own organization they are not on is refused (403; staff see it on the Scheduling screen anyway).
 */
export async function ownVisit(db: DbOrTx, ctx: RequestContext, id: number): Promise<OwnVisit> {
  const [row] = await selectVisits(db, tenantScope(ctx), eq(appointments.id, id)).limit(1);
  if (!row) throw notFound(MY_DAY_MESSAGES.notFound);
  if (!row.assignees.some((a) => a.id === ctx.user.id)) throw forbidden(MY_DAY_MESSAGES.notOnIt);
  return { row: row.appt, visit: toVisit(row), serviceName: row.serviceName };
}

/** 409 with the reason when the visit can no longer be worked on (cancelled, no-show, completed). */
export function closedReason(status: string, completedAt: Date | null): string | null {
  if (status === 'cancelled') return MY_DAY_MESSAGES.cancelled;
  if (status === 'no_show') return MY_DAY_MESSAGES.noShow;
  if (status === 'completed' || completedAt) return MY_DAY_MESSAGES.completed;
  return null;
}
