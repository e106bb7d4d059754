// Sends one claimed reminder and records the outcome. A row becomes sent only after the transport accepted the
// message; a failure counts an attempt and frees the row for the next run, the last one tells the staff.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer';
import { toE164 } from '../../adapters/sms/e164';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import type { Db } from '../../db/client';
import { appointmentReminders, appointments, organizations, reminderSettings, services } from '../../db/schema/index';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import type { ClaimedReminder } from './claim-due-reminders';
import { MAX_ATTEMPTS, renewClaim } from './claim-due-reminders';
import { buildReminderEmail, buildReminderHtml, buildReminderSms, reminderVariables } from './reminder-message';
import { loadBusiness } from '../documents/document-parties';
import { DEFAULT_SETTINGS, isCancelledStatus, reminderChannels } from './reminder-plan';

export interface ReminderTransports {
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsSender, 'send'>;
  /** This installation's address (APP_URL), for the organization's logo in the HTML part. */
  appUrl?: string;
}

/** dropped: no longer wanted and deleted; skipped: another worker holds it now. */
export type DeliveryOutcome = 'sent' | 'retrying' | 'failed' | 'dropped' | 'skipped';

export interface ReminderContext {
  appointmentStatus: string;
  appointmentDate: string;
  customerName: string | null;
  customerEmail: string;
  customerPhone: string | null;
  serviceName: string | null;
  organizationName: string;
  organizationEmail: string | null;
  settings: Pick<typeof reminderSettings.$inferSelect, 'isEnabled' | 'emailEnabled' | 'smsEnabled' | 'defaultTiming' | 'customTimings' | 'emailTemplate' | 'smsTemplate'>;
}

/** Everything the claimed reminders' messages need, in one query, keyed by reminder id. */
export async function loadReminderContexts(db: Db, ids: number[]): Promise<Map<number, ReminderContext>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: appointmentReminders.id,
      appointmentStatus: appointments.status,
      appointmentDate: appointments.appointmentDate,
      customerName: appointments.customerName,
      customerEmail: appointments.customerEmail,
      customerPhone: appointments.customerPhone,
      serviceName: services.name,
      organizationName: organizations.name,
      organizationEmail: organizations.email,
      settings: reminderSettings,
    })
    .from(appointmentReminders)
    .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
    .innerJoin(organizations, eq(organizations.id, appointmentReminders.organizationId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(reminderSettings, eq(reminderSettings.organizationId, appointmentReminders.organizationId))
    .where(inArray(appointmentReminders.id, ids));
  return new Map(rows.map(({ id, settings, ...rest }) => [id, { ...rest, settings: settings ?? { ...DEFAULT_SETTINGS, emailTemplate: null, smsTemplate: null } }]));
}

/** `now` is the run's clock at this row (the claim is renewed from it). */
export async function deliverReminder(
  db: Db,
  transports: ReminderTransports,
  claimed: ClaimedReminder,
  ctx: ReminderContext | undefined,
  now: Date,
): Promise<DeliveryOutcome> {
  // The appointment was deleted after the claim (its rows went with it), or it no longer wants this reminder:
  // cancelled, or the organization turned the channel off since it was planned.
  if (!ctx) return 'dropped';
  const wanted = reminderChannels(ctx.settings, { email: ctx.customerEmail, phone: ctx.customerPhone }).includes(claimed.reminderType);
  if (isCancelledStatus(ctx.appointmentStatus) || !wanted) {
    await db.delete(appointmentReminders).where(and(eq(appointmentReminders.id, claimed.id), eq(appointmentReminders.status, 'pending')));
    return 'dropped';
  }
  const reminder = await renewClaim(db, claimed, now);
  if (!reminder) return 'skipped';

  const vars = reminderVariables(ctx);
  let failure: string | null = null;
  let optedOut = false;
  try {
    // SMS go to E.164 numbers, as Messaging sends them; a number that cannot be one fails like a refusal.
    const phone = toE164(ctx.customerPhone);
    const email = reminder.reminderType === 'email' ? buildReminderEmail(ctx.settings.emailTemplate, vars) : null;
    const result = email
      ? await transports.mailer.send({
          to: ctx.customerEmail,
          ...email,
          html: buildReminderHtml(email.text, vars, await loadBusiness(db, reminder.organizationId), transports.appUrl),
          organizationId: reminder.organizationId,
          fromName: ctx.organizationName,
          replyTo: ctx.organizationEmail?.trim() || undefined,
        })
      : phone
        ? await transports.sms.send({ to: phone, text: buildReminderSms(ctx.settings.smsTemplate, vars), organizationId: reminder.organizationId })
        : { status: 'failed' as const, error: `Not a phone number SMS can reach: ${ctx.customerPhone ?? ''}` };
    if (result.status === 'failed') failure = result.error || 'Delivery failed';
    optedOut = 'failure' in result && result.failure === 'opted_out';
  } catch (err) {
    failure = (err instanceof Error ? err.message : String(err)) || 'Delivery failed';
  }

  const r = appointmentReminders;
  if (failure === null) {
    await db.update(r).set({ status: 'sent', sentAt: new Date(), lockedUntil: null }).where(and(eq(r.id, reminder.id), eq(r.status, 'pending')));
    return 'sent';
  }
  if (optedOut) {
    // The customer answered STOP (docs/rules/messaging.md#sms-opt-outs): trying again cannot help, and it is their
    // choice, not a failure to tell the staff about.
    await db.update(r).set({ status: 'failed', failureReason: failure, lockedUntil: null }).where(and(eq(r.id, reminder.id), eq(r.status, 'pending')));
    return 'failed';
  }
  const [row] = await db
    .update(r)
    .set({
      attempts: sql`${r.attempts} + 1`,
      status: sql`case when ${r.attempts} + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
      failureReason: failure,
      lockedUntil: null,
    })
    .where(and(eq(r.id, reminder.id), eq(r.status, 'pending')))
    .returning({ status: r.status });
  if (row?.status !== 'failed') return 'retrying';

  const channel = reminder.reminderType === 'email' ? 'email' : 'SMS';
  const recipients = await staffWith(db, reminder.organizationId, ['manage_appointments']);
  await notifyStaff(db, recipients, [
    {
      organizationId: reminder.organizationId,
      type: 'reminder_failed',
      title: `Reminder to ${ctx.customerName?.trim() || ctx.customerEmail} could not be sent`,
      body: `The ${channel} reminder for ${vars.appointmentDate} at ${vars.appointmentTime} failed ${MAX_ATTEMPTS} times: ${failure}`,
      link: '/scheduling',
      entityType: 'appointment_reminder',
      entityId: reminder.id,
    },
  ]);
  return 'failed';
}
