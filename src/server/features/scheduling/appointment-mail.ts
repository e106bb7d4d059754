// The customer's e-mail on a created, changed or cancelled appointment, with the .ics that puts it in their calendar.
import { and, eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer';
import type { DbOrTx } from '../../db/client';
import { appointmentSeries, appointments, organizations, scheduleSettings, services } from '../../db/schema/index';
import { SCHEDULING_DEFAULTS } from '../../../contracts/scheduling';
import { describeRule } from '../../../contracts/repeat';
import { loadBusiness } from '../documents/document-parties';
import { renderCustomerEmail, writeToButton } from '../documents/customer-email';
import { buildIcs, uidHost } from './appointment-ics';
import { issueAppointmentLink } from './appointment-link-token';
import { heldBookingLine } from './booking-holds';
import type { MailDeps } from './appointment-writes';
import { addMinutes, describeWallClock, instantOf, normalize } from '../../platform/wall-clock';

export type AppointmentMailKind = 'created' | 'updated' | 'cancelled';

const SUBJECTS: Record<AppointmentMailKind, (what: string, when: string, pending: boolean) => string> = {
  created: (what, when, pending) => (pending ? `Appointment request received: ${what} on ${when}` : `Appointment confirmed: ${what} on ${when}`),
  updated: (what, when) => `Appointment updated: ${what} on ${when}`,
  cancelled: (what, when) => `Appointment cancelled: ${what} on ${when}`,
};

const HEADINGS: Record<AppointmentMailKind, (pending: boolean) => string> = {
  created: (pending) => (pending ? 'Appointment request received' : 'Appointment confirmed'),
  updated: () => 'Appointment updated',
  cancelled: () => 'Appointment cancelled',
};

/** An address for mailto: out of 'Name <a@b>' or 'a@b'. */
function bareAddress(from: string): string {
  const m = /<([^>]+)>/.exec(from);
  return (m ? m[1] : from).trim();
}

export async function sendAppointmentMail(
  db: DbOrTx,
  deps: { mailer: Mailer; appUrl: string; mailFrom: string },
  appointmentId: number,
  kind: AppointmentMailKind,
): Promise<void> {
  const [row] = await db
    .select({
      appt: appointments,
      serviceName: services.name,
      orgName: organizations.name,
      orgEmail: organizations.email,
      orgPhone: organizations.phone,
      orgAddress: organizations.address,
      timeZone: scheduleSettings.timeZone,
      seriesRule: appointmentSeries.rule,
    })
    .from(appointments)
    .innerJoin(organizations, eq(organizations.id, appointments.organizationId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(scheduleSettings, eq(scheduleSettings.organizationId, appointments.organizationId))
    .leftJoin(appointmentSeries, and(eq(appointmentSeries.organizationId, appointments.organizationId), eq(appointmentSeries.id, appointments.seriesId)))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) return;
  const { appt } = row;
  const timeZone = row.timeZone ?? SCHEDULING_DEFAULTS.timeZone;
  const wall = normalize(appt.appointmentDate);
  const start = instantOf(wall, timeZone) ?? instantOf(addMinutes(wall, 60), timeZone);
  if (!start) return;
  const end = new Date(start.getTime() + appt.duration * 60_000);
  const what = row.serviceName ?? 'Appointment';
  const when = describeWallClock(wall);
  const pending = appt.status === 'pending';
  // A booking held with a deposit or a card says what holds it (docs/rules/scheduling.md#holding-a-booking).
  const held = kind === 'created' && appt.source === 'online' ? await heldBookingLine(db, appt) : null;
  const host = uidHost(deps.appUrl, deps.mailFrom);
  const contact = [row.orgPhone, row.orgEmail].filter(Boolean).join(' · ');

  const intro: Record<AppointmentMailKind, string> = {
    created: pending
      ? `We received your request for ${what} with ${row.orgName}. We will confirm it shortly.`
      : `Your appointment for ${what} with ${row.orgName} is confirmed.`,
    updated: `Your appointment for ${what} with ${row.orgName} has been changed.`,
    cancelled: `Your appointment for ${what} with ${row.orgName} has been cancelled.`,
  };
  const greeting = `Hello ${appt.customerName ?? ''}`.trim() + ',';
  // Every e-mail about a standing appointment carries its own link to reschedule or cancel
  // (docs/rules/scheduling.md#changing-by-link); the page says when the business's policy no longer allows it.
  const manageUrl = kind === 'cancelled' ? null : await issueAppointmentLink(db, appt.organizationId, appt.id, deps.appUrl);
  const calendarNote = kind === 'cancelled' ? [] : ['The attached calendar file adds it to your calendar.'];
  // A repeating visit's e-mail names the rule (docs/rules/scheduling.md#repeating-visits); each visit is sent its own reminders.
  const repeats = kind !== 'cancelled' && row.seriesRule ? describeRule(row.seriesRule) : null;
  const text = [
    greeting,
    '',
    intro[kind],
    '',
    `When: ${when} (${timeZone})`,
    `Duration: ${appt.duration} minutes`,
    ...(repeats ? [`Repeats: ${repeats}`] : []),
    ...(held ? [`${held.label}: ${held.value}`] : []),
    ...calendarNote.flatMap((l) => ['', l]),
    ...(manageUrl ? ['', `Reschedule or cancel: ${manageUrl}`] : []),
    ...(contact ? ['', `Questions? Contact ${row.orgName}: ${contact}`] : []),
  ].join('\n');
  // The same facts as the text, under the organization's name and logo; the button writes to the business.
  const business = await loadBusiness(db, appt.organizationId);
  const html = renderCustomerEmail(business, deps.appUrl, {
    heading: HEADINGS[kind](pending),
    paragraphs: [greeting, intro[kind]],
    summary: [
      { label: 'Service', value: what },
      { label: 'When', value: `${when} (${timeZone})`, strong: true },
      { label: 'Duration', value: `${appt.duration} minutes` },
      ...(repeats ? [{ label: 'Repeats', value: repeats }] : []),
      ...(held ? [held] : []),
      ...(row.orgAddress?.trim() ? [{ label: 'Where', value: row.orgAddress.trim() }] : []),
    ],
    button: manageUrl ? { label: 'Reschedule or cancel', url: manageUrl } : writeToButton(business),
    after: calendarNote,
  });

  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const ics = buildIcs({
    method,
    uid: `appointment-${appt.id}@${host}`,
    sequence: appt.calendarSequence,
    tentative: pending,
    start,
    end,
    summary: `${what} - ${row.orgName}`,
    description: intro[kind],
    location: row.orgAddress,
    organizer: { name: row.orgName, email: row.orgEmail || bareAddress(deps.mailFrom) },
    attendee: { name: appt.customerName, email: appt.customerEmail },
  });

  await deps.mailer.send({
    to: appt.customerEmail,
    subject: SUBJECTS[kind](what, when, pending),
    text,
    html,
    organizationId: appt.organizationId,
    // From the organization by name, and replies reach it (docs/features.md, Documents and e-mails).
    fromName: row.orgName,
    replyTo: row.orgEmail?.trim() || undefined,
    // The link lets its holder move or cancel the appointment: the stored copy of a sent e-mail masks it.
    secrets: manageUrl ? [manageUrl] : undefined,
    attachments: [{ filename: 'appointment.ics', content: Buffer.from(ics, 'utf8'), contentType: `text/calendar; method=${method}` }],
  });
}

/**
 * What a payment or a card save calls once it has committed an online booking's confirmation (its deposit paid, its
 * card on file): the customer's confirmation e-mail, with its calendar invitation, after the commit. Only the
 * confirmation that moved the booking out of pending_payment calls it (booking-holds.ts), so it is sent once.
 */
export function heldBookingMail(db: DbOrTx, mail: MailDeps): (appointmentId: number) => void {
  return (appointmentId) => mail.afterCommit.run(() => sendAppointmentMail(db, mail, appointmentId, 'created'));
}
