// Claims due payment reminders and sends them (docs/rules/money-and-payments.md#payment-reminders). A row is claimed by
// one statement (FOR UPDATE SKIP LOCKED) that also marks it `sending`, so no two app instances ever hold it; it becomes
// sent only after the transport took the message, and a worker that stops mid-send leaves it to failInterruptedSends.
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import { formatDate } from '../../../contracts/format';
import { recordWord } from '../../../contracts/vocabulary';
import type { Mailer } from '../../adapters/mail/mailer';
import { toE164 } from '../../adapters/sms/e164';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import { rowsOf, type Db } from '../../db/client';
import { customers, invoiceReminders, invoices, organizations, paymentReminderSettings } from '../../db/schema/index';
import { renderCustomerEmail, textParagraphs } from '../documents/customer-email';
import { loadBusiness } from '../documents/document-parties';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { openInvoicePaymentLink } from '../payment-links/create-invoice-payment-link';
import { fillTemplate } from '../reminders/reminder-message';
import { dueDayOf, dueWhen, outsideQuietHours } from './reminder-schedule';
import { organizationTimeZone, toStoredSettings } from './reminder-settings';

export const CLAIM_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 3;
const RETRY_MS = 10 * 60_000;

export interface PaymentReminderTransports {
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsSender, 'send'>;
  appUrl: string;
}

export type PaymentReminderOutcome = 'sent' | 'retrying' | 'failed' | 'skipped' | 'deferred';

interface Claimed {
  id: number;
  organization_id: number;
  invoice_id: number;
  days: number;
  channel: 'email' | 'sms';
  attempts: number;
}

/** Takes up to `batch` due rows for this worker: one statement, so a row is either this worker's or another's. */
export async function claimPaymentReminders(db: Db, now: Date, batch: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    db,
    sql`update ${invoiceReminders} set status = 'sending', locked_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz,
        attempts = attempts + 1
      where id in (
        select id from ${invoiceReminders} where status = 'pending' and due_at <= ${now.toISOString()}::timestamptz
        order by due_at, id limit ${batch} for update skip locked
      )
      returning id, organization_id, invoice_id, days, channel, attempts`,
  );
}

async function finish(db: Db, id: number, values: Partial<typeof invoiceReminders.$inferInsert>): Promise<void> {
  await db
    .update(invoiceReminders)
    .set({ lockedUntil: null, ...values })
    .where(and(eq(invoiceReminders.id, id), eq(invoiceReminders.status, 'sending')));
}

/** A reminder by text to a number that answered STOP (docs/rules/messaging.md#sms-opt-outs): skipped, never retried. */
export const OPTED_OUT_NOTE = 'The customer opted out of text messages (replied STOP)';

const skip = (db: Db, id: number, note: string) => finish(db, id, { status: 'skipped', note }).then(() => 'skipped' as const);

/** Sends one claimed reminder, or says why not, and records the outcome on its row. */
export async function deliverPaymentReminder(db: Db, transports: PaymentReminderTransports, claimed: Claimed, now: Date): Promise<PaymentReminderOutcome> {
  const orgId = claimed.organization_id;
  const [found] = await db
    .select({ inv: invoices, customer: customers, settings: paymentReminderSettings, orgName: organizations.name, orgEmail: organizations.email })
    .from(invoices)
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .leftJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId)))
    .leftJoin(paymentReminderSettings, eq(paymentReminderSettings.organizationId, invoices.organizationId))
    .where(and(eq(invoices.organizationId, orgId), eq(invoices.id, claimed.invoice_id)));
  if (!found) return skip(db, claimed.id, 'The invoice was deleted');
  const { inv, customer } = found;
  const balanceCents = toCents(inv.total) - toCents(inv.amountPaid) - toCents(inv.amountCredited);
  if (inv.status === 'paid' || balanceCents <= 0) return skip(db, claimed.id, 'Paid before it was due to go out');
  if (inv.status === 'void' || inv.voidedAt) return skip(db, claimed.id, 'The invoice was voided');
  if (inv.status === 'credited') return skip(db, claimed.id, 'The invoice was credited');
  if (inv.status !== 'sent' && inv.status !== 'overdue') return skip(db, claimed.id, `The invoice is ${inv.status}`);
  const settings = toStoredSettings(found.settings ?? undefined);
  const step = settings.steps.find((s) => s.days === claimed.days);
  if (!settings.enabled) return skip(db, claimed.id, 'Payment reminders were turned off');
  if (!step || !step.enabled || !step[claimed.channel]) return skip(db, claimed.id, 'This reminder was turned off');

  const timeZone = await organizationTimeZone(db, orgId);
  const quiet = settings.quietHoursStart && settings.quietHoursEnd ? { start: settings.quietHoursStart, end: settings.quietHoursEnd } : null;
  const allowed = outsideQuietHours(now, timeZone, quiet);
  if (allowed.getTime() > now.getTime()) {
    // Not an attempt: it waits for the quiet hours to end.
    await finish(db, claimed.id, { status: 'pending', dueAt: allowed, attempts: claimed.attempts - 1 });
    return 'deferred';
  }

  const to = claimed.channel === 'email' ? customer?.email?.trim() || null : toE164(customer?.phone ?? null);
  if (!to) return skip(db, claimed.id, claimed.channel === 'email' ? 'The customer has no e-mail address' : 'The customer has no mobile number SMS can reach');

  let failure: string | null = null;
  let outboxId: number | null = null;
  try {
    const { link } = await openInvoicePaymentLink(db, orgId, inv.id, transports.appUrl);
    const business = await loadBusiness(db, orgId);
    const word = recordWord(business.labels, 'invoices');
    const vars = {
      customerName: customer?.name?.trim() || 'there',
      invoiceNumber: inv.invoiceNumber,
      amountDue: formatMoney(fromCents(balanceCents)),
      dueDate: inv.dueDate ? formatDate(inv.dueDate.toISOString()) : '',
      dueWhen: inv.dueDate ? dueWhen(dueDayOf(inv.dueDate), now, timeZone) : 'due',
      organizationName: found.orgName,
      payLink: link.paymentUrl,
    };
    const withLink = (text: string) => (text.includes(link.paymentUrl) ? text : `${text}\n\n${link.paymentUrl}`);
    const result =
      claimed.channel === 'email'
        ? await transports.mailer.send({
            to,
            subject: fillTemplate(settings.emailSubject, vars),
            text: withLink(fillTemplate(settings.emailBody, vars)),
            html: renderCustomerEmail(business, transports.appUrl, {
              heading: `${word.title} ${inv.invoiceNumber}: ${vars.amountDue} ${vars.dueWhen}`,
              paragraphs: textParagraphs(fillTemplate(settings.emailBody, vars).replaceAll(link.paymentUrl, '').trim()),
              summary: [
                { label: word.title, value: inv.invoiceNumber },
                ...(vars.dueDate ? [{ label: 'Due date', value: vars.dueDate }] : []),
                { label: 'Amount due', value: vars.amountDue, strong: true },
              ],
              button: { label: `Pay ${word.lower} online`, url: link.paymentUrl },
            }),
            organizationId: orgId,
            fromName: found.orgName,
            replyTo: found.orgEmail?.trim() || undefined,
          })
        : await transports.sms.send({ to, text: withLink(fillTemplate(settings.smsBody, vars)), organizationId: orgId });
    if (result.failure === 'opted_out') return skip(db, claimed.id, OPTED_OUT_NOTE);
    if (result.status === 'failed') failure = result.error || 'Delivery failed';
    outboxId = result.outboxId ?? null;
  } catch (err) {
    failure = (err instanceof Error ? err.message : String(err)) || 'Delivery failed';
  }

  if (failure === null) {
    await finish(db, claimed.id, { status: 'sent', sentAt: new Date(), recipient: to, outboxId, note: null });
    return 'sent';
  }
  if (claimed.attempts < MAX_ATTEMPTS) {
    await finish(db, claimed.id, { status: 'pending', dueAt: new Date(now.getTime() + RETRY_MS), recipient: to, note: failure });
    return 'retrying';
  }
  await finish(db, claimed.id, { status: 'failed', recipient: to, note: failure });
  const recipients = await staffWith(db, orgId, ['manage_invoices']);
  await notifyStaff(db, recipients, [
    {
      organizationId: orgId,
      type: 'reminder_failed',
      title: `Payment reminder for ${inv.invoiceNumber} could not be sent`,
      body: `The ${claimed.channel === 'email' ? 'e-mail' : 'text message'} to ${to} failed ${MAX_ATTEMPTS} times: ${failure}`,
      link: `/invoices?open=${inv.id}`,
      entityType: 'invoice',
      entityId: inv.id,
    },
  ]);
  return 'failed';
}
