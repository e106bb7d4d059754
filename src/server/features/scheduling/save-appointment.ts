// Staff appointment writes: create, change, cancel. Each one re-plans the reminders and e-mails the customer.
import { eq, sql } from 'drizzle-orm';
import { HELD_STATUS, SCHEDULING_DEFAULTS, SCHEDULING_MESSAGES, type Appointment, type CreateAppointmentBody, type UpdateAppointmentBody } from '../../../contracts/scheduling';
import type { Db } from '../../db/client';
import { appointments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { organizationForWrite, tenantScope, tenantWhere } from '../../platform/tenancy';
import { scheduleReminders } from '../reminders/schedule-reminders';
import { sendAppointmentMail, type AppointmentMailKind } from './appointment-mail';
import { appointmentView } from './appointment-view';
import { checkNotPast, checkWorkOrder, customerOf, defaultDuration, guardSlot, serviceOf, slotTakenAsConflict, wallClockOf, type MailDeps } from './appointment-writes';
import { assigneeIdsOf, callerOnTeam, setAppointmentAssignees } from '../team/assignees';
import { insertVisit, type VisitTemplate } from './insert-visit';
import { REPEAT_MESSAGES, type ApplyTo } from '../../../contracts/repeat';
import { cancelFollowing, continueSeries, createSeries, splitAt } from './appointment-series';
import { checkStaff } from '../team/staff';
import { settingsOf } from './booking-rules';
import { ensureOrganization } from './organization-scope';
import { normalize } from '../../platform/wall-clock';
import { attachServiceChecklists } from '../checklists/service-checklists';
import { emitWebhookEvent } from '../webhooks/emit-event';

const HELD_STATUS_ONLY = 'Only an online booking waiting for its deposit or card has this status';

const WEBHOOK_EVENT_OF = { created: 'appointment.booked', updated: 'appointment.changed', cancelled: 'appointment.cancelled' } as const;

/**
 * What the customer hears of a staff save. The customer of a held booking has had no e-mail yet: none while it waits
 * or when it is let go, and the first confirmation, with its calendar invitation, when staff confirm it.
 */
function mailAfterSave(wasHeld: boolean, before: string, after: string): AppointmentMailKind | null {
  if (wasHeld) return after === HELD_STATUS || after === 'cancelled' ? null : 'created';
  if (after === 'cancelled') return before === 'cancelled' ? null : 'cancelled';
  return 'updated';
}

async function timeZoneOf(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], organizationId: number): Promise<string> {
  return (await settingsOf(db, organizationId))?.timeZone ?? SCHEDULING_DEFAULTS.timeZone;
}

/** The customer has the appointment in writing even if sending fails; the outbox records the failure. */
async function mailQuietly(db: Db, mail: MailDeps, id: number, kind: AppointmentMailKind) {
  try {
    await sendAppointmentMail(db, mail, id, kind);
  } catch {
    // The appointment is saved; a mail problem must not turn that into an error answer.
  }
}

export async function createAppointment(db: Db, mail: MailDeps, ctx: RequestContext, body: CreateAppointmentBody): Promise<Appointment> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  await ensureOrganization(db, ctx, organizationId);
  const id = await db.transaction(async (tx) => {
    const service = await serviceOf(tx, organizationId, body.serviceId);
    const customer = body.customerId ? await customerOf(tx, organizationId, body.customerId) : null;
    const email = body.customerEmail || customer?.email;
    if (!email) throw invalid(`customerEmail: ${SCHEDULING_MESSAGES.customerEmail}`, [{ path: 'customerEmail', message: SCHEDULING_MESSAGES.customerEmail }]);
    if (body.workOrderId) await checkWorkOrder(tx, organizationId, body.workOrderId);
    const wall = wallClockOf(body.appointmentDate, body.appointmentTime);
    checkNotPast(wall, await timeZoneOf(tx, organizationId));
    const duration = body.duration ?? defaultDuration(service);
    const userIds = body.assigneeIds ?? (await callerOnTeam(tx, ctx, organizationId));
    await checkStaff(tx, organizationId, userIds);
    const template: VisitTemplate = {
      organizationId,
      serviceId: service.id,
      customerId: customer?.id ?? null,
      customerName: body.customerName,
      customerEmail: email.toLowerCase(),
      customerPhone: body.customerPhone ?? null,
      duration,
      bufferBefore: service.bufferBefore,
      bufferAfter: service.bufferAfter,
      notes: body.notes ?? null,
      workOrderId: body.workOrderId ?? null,
    };
    if (body.repeat) return createSeries(tx, template, wall, userIds, body.repeat);
    return insertVisit(tx, template, { wall, userIds, status: body.status });
  });
  await mailQuietly(db, mail, id, 'created');
  return appointmentView(db, id);
}

export async function updateAppointment(db: Db, mail: MailDeps, ctx: RequestContext, id: number, body: UpdateAppointmentBody): Promise<Appointment> {
  const kind = await db.transaction(async (tx): Promise<AppointmentMailKind | null> => {
    const scope = tenantWhere(tenantScope(ctx), appointments, eq(appointments.id, id));
    const [current] = await tx.select().from(appointments).where(scope).for('update').limit(1);
    if (!current) throw notFound('Appointment not found');
    const organizationId = current.organizationId;
    const following = body.applyTo === 'following';
    if (following && current.seriesId === null) throw invalid(`applyTo: ${REPEAT_MESSAGES.notRepeating}`, [{ path: 'applyTo', message: REPEAT_MESSAGES.notRepeating }]);
    if (body.repeat !== undefined && current.seriesId !== null && !following) throw invalid(`repeat: ${REPEAT_MESSAGES.repeatNeedsFollowing}`, [{ path: 'repeat', message: REPEAT_MESSAGES.repeatNeedsFollowing }]);
    // Later visits go first, so the ones being replaced never stand in this visit's way.
    const oldSeries = following && current.seriesId !== null ? await splitAt(tx, { ...current, seriesId: current.seriesId }) : null;
    const service = body.serviceId ? await serviceOf(tx, organizationId, body.serviceId) : null;
    const customer = body.customerId ? await customerOf(tx, organizationId, body.customerId) : null;
    if (body.workOrderId) await checkWorkOrder(tx, organizationId, body.workOrderId);
    const currentWall = normalize(current.appointmentDate);
    const timeChanged = body.appointmentDate !== undefined || !!body.appointmentTime;
    const wall = timeChanged ? wallClockOf(body.appointmentDate ?? currentWall, body.appointmentTime) : currentWall;
    if (timeChanged && wall !== currentWall) checkNotPast(wall, await timeZoneOf(tx, organizationId));
    const duration = body.duration ?? (service && service.id !== current.serviceId ? defaultDuration(service) : current.duration);
    const status = body.status ?? current.status;
    // Only the booking page puts a booking on hold; staff may confirm or cancel one (docs/rules/scheduling.md#holding-a-booking).
    if (status === HELD_STATUS && current.status !== HELD_STATUS) throw invalid(`status: ${HELD_STATUS_ONLY}`, [{ path: 'status', message: HELD_STATUS_ONLY }]);
    const wasHeld = current.status === HELD_STATUS;
    const email = body.customerEmail === undefined ? current.customerEmail : body.customerEmail || customer?.email;
    if (!email) throw invalid(`customerEmail: ${SCHEDULING_MESSAGES.customerEmail}`, [{ path: 'customerEmail', message: SCHEDULING_MESSAGES.customerEmail }]);

    const serviceChanged = !!service && service.id !== current.serviceId;
    const buffers = serviceChanged ? { bufferBefore: service.bufferBefore, bufferAfter: service.bufferAfter } : { bufferBefore: current.bufferBefore, bufferAfter: current.bufferAfter };
    if (body.assigneeIds) await checkStaff(tx, organizationId, body.assigneeIds);
    const currentIds = await assigneeIdsOf(tx, organizationId, id);
    const userIds = body.assigneeIds ?? currentIds;
    const peopleAdded = userIds.some((u) => !currentIds.includes(u));

    const changes: Partial<typeof appointments.$inferInsert> = {
      appointmentDate: wall,
      duration,
      status,
      // Confirmed or cancelled by staff, a held booking no longer waits for its deposit or card.
      ...(wasHeld && status !== HELD_STATUS ? { holdExpiresAt: null } : {}),
      ...buffers,
      customerEmail: email.toLowerCase(),
      ...(service ? { serviceId: service.id } : {}),
      ...(body.customerId !== undefined ? { customerId: customer?.id ?? null } : {}),
      ...(body.customerName !== undefined ? { customerName: body.customerName } : {}),
      ...(body.customerPhone !== undefined ? { customerPhone: body.customerPhone } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.workOrderId !== undefined ? { workOrderId: body.workOrderId } : {}),
    };
    // A save that changes nothing is no change: no new calendar SEQUENCE, no e-mail, no webhook
    // (docs/rules/scheduling.md#appointments).
    const assigneesChanged = body.assigneeIds !== undefined && (body.assigneeIds.length !== currentIds.length || peopleAdded);
    const fieldsChanged = (Object.keys(changes) as (keyof typeof changes)[]).some((key) =>
      key === 'appointmentDate' ? wall !== currentWall : changes[key] !== current[key as keyof typeof current],
    );
    if (!fieldsChanged && !assigneesChanged && !oldSeries && !body.repeat) return null;
    // Each change gets its own calendar SEQUENCE, however close together.
    const write = async () => {
      await tx.update(appointments).set({ ...changes, calendarSequence: sql`${appointments.calendarSequence} + 1` }).where(eq(appointments.id, id));
      if (body.assigneeIds) await setAppointmentAssignees(tx, organizationId, id, body.assigneeIds);
    };
    const occupies = status !== 'cancelled';
    const moved =
      wall !== currentWall ||
      duration !== current.duration ||
      buffers.bufferBefore !== current.bufferBefore ||
      buffers.bufferAfter !== current.bufferAfter ||
      (occupies && current.status === 'cancelled');
    if (occupies && (moved || peopleAdded)) await guardSlot(tx, { organizationId, wall, duration, ...buffers, userIds, exceptId: id }, write);
    else await slotTakenAsConflict(write);
    await scheduleReminders(tx, id);
    // Linked to a job, or given another service, the visit brings its service's checklists (docs/rules/team.md#checklists).
    const workOrderId = body.workOrderId !== undefined ? body.workOrderId : current.workOrderId;
    const serviceId = service ? service.id : current.serviceId;
    if (workOrderId && serviceId && status !== 'cancelled' && (workOrderId !== current.workOrderId || serviceId !== current.serviceId)) {
      await attachServiceChecklists(tx, organizationId, workOrderId, serviceId);
    }
    if (oldSeries || (current.seriesId === null && body.repeat)) {
      const [row] = await tx.select().from(appointments).where(eq(appointments.id, id));
      const template: VisitTemplate = {
        organizationId,
        serviceId: row.serviceId,
        customerId: row.customerId,
        customerName: row.customerName,
        customerEmail: row.customerEmail,
        customerPhone: row.customerPhone,
        duration: row.duration,
        bufferBefore: row.bufferBefore,
        bufferAfter: row.bufferAfter,
        notes: row.notes,
        workOrderId: row.workOrderId,
      };
      const visit = { id, wall, userIds, template, oldStart: normalize(current.occurrenceStart ?? current.appointmentDate) };
      await continueSeries(tx, oldSeries, visit, body.repeat);
    }
    const mailKind = mailAfterSave(wasHeld, current.status, status);
    // Subscribers hear what the customer hears (docs/rules/public-api.md#webhook-events).
    if (mailKind) await emitWebhookEvent(tx, organizationId, WEBHOOK_EVENT_OF[mailKind], id);
    return mailKind;
  });
  if (kind) await mailQuietly(db, mail, id, kind);
  return appointmentView(db, id);
}

/** DELETE cancels: the row stays (history, reminders' record) with status cancelled, and the slot frees up. */
export async function cancelAppointment(db: Db, mail: MailDeps, ctx: RequestContext, id: number, applyTo: ApplyTo = 'this'): Promise<Appointment> {
  // Whether the customer is not to hear of it: cancelled already, or a held booking they were never confirmed.
  const quiet = await db.transaction(async (tx) => {
    const scope = tenantWhere(tenantScope(ctx), appointments, eq(appointments.id, id));
    const [current] = await tx.select().from(appointments).where(scope).for('update').limit(1);
    if (!current) throw notFound('Appointment not found');
    if (applyTo === 'following') {
      if (current.seriesId === null) throw invalid(`applyTo: ${REPEAT_MESSAGES.notRepeating}`, [{ path: 'applyTo', message: REPEAT_MESSAGES.notRepeating }]);
      await cancelFollowing(tx, { ...current, seriesId: current.seriesId });
    }
    if (current.status === 'cancelled') return true;
    await tx.update(appointments).set({ status: 'cancelled', holdExpiresAt: null, calendarSequence: sql`${appointments.calendarSequence} + 1` }).where(eq(appointments.id, id));
    await scheduleReminders(tx, id);
    // A held booking was never reported booked, so its end is not reported either.
    if (current.status !== HELD_STATUS) await emitWebhookEvent(tx, current.organizationId, 'appointment.cancelled', id);
    return current.status === HELD_STATUS;
  });
  if (!quiet) await mailQuietly(db, mail, id, 'cancelled');
  return appointmentView(db, id);
}
