// One staff-booked visit written with its people and reminders: a single appointment or one of a series' visits.
import { appointments } from '../../db/schema/index';
import type { DbOrTx } from '../../db/client';
import { scheduleReminders } from '../reminders/schedule-reminders';
import { setAppointmentAssignees } from '../team/assignees';
import { guardSlot } from './appointment-writes';
import { attachServiceChecklists } from '../checklists/service-checklists';
import { emitWebhookEvent } from '../webhooks/emit-event';

/** What every visit of a booking copies (a series keeps it for the visits it makes later). */
export interface VisitTemplate {
  organizationId: number;
  serviceId: number | null;
  customerId: number | null;
  customerName: string | null;
  customerEmail: string;
  customerPhone: string | null;
  duration: number;
  bufferBefore: number;
  bufferAfter: number;
  notes: string | null;
  workOrderId: number | null;
}

export interface VisitPlace {
  /** Wall clock 'YYYY-MM-DDTHH:MM:SS' in the organization's zone. */
  wall: string;
  userIds: readonly number[];
  status?: string;
  seriesId?: number | null;
  /** The rule's own start for this visit (a series' key against making it twice). */
  occurrenceStart?: string | null;
}

/** Writes the visit, holding its people's time (409 `That time is no longer available` when taken). Inside a transaction. */
export async function insertVisit(tx: DbOrTx, template: VisitTemplate, place: VisitPlace): Promise<number> {
  const { organizationId } = template;
  const hold = { organizationId, wall: place.wall, duration: template.duration, bufferBefore: template.bufferBefore, bufferAfter: template.bufferAfter, userIds: place.userIds };
  const row = await guardSlot(tx, hold, async () => {
    const [inserted] = await tx
      .insert(appointments)
      .values({
        ...template,
        appointmentDate: place.wall,
        status: place.status ?? 'scheduled',
        source: 'staff',
        seriesId: place.seriesId ?? null,
        occurrenceStart: place.occurrenceStart ?? null,
      })
      .returning({ id: appointments.id });
    await setAppointmentAssignees(tx, organizationId, inserted.id, place.userIds);
    return inserted;
  });
  await scheduleReminders(tx, row.id);
  // Every staff-booked visit is written here, so this is where it is reported (docs/rules/public-api.md#webhook-events).
  if (place.status !== 'cancelled') await emitWebhookEvent(tx, organizationId, 'appointment.booked', row.id);
  // A visit of a service on a job brings the service's checklists to the job (docs/rules/team.md#checklists): every
  // staff-booked visit is written here (single, repeating, the dispatch board's), so this is the one place.
  if (template.workOrderId && template.serviceId && place.status !== 'cancelled') await attachServiceChecklists(tx, organizationId, template.workOrderId, template.serviceId);
  return row.id;
}
