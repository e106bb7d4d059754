// Send Reminders: one e-mail per customer listing their overdue invoices, each with its pay link
// (docs/rules/money-and-payments.md#recommended-actions). Each invoice is reminded at most once in ACTION_REPEAT_HOURS hours: the invoices are claimed
// (a payment_reminders row 'sending') under a per-organization lock before anything is sent, so a double click or
// a second tab finds them claimed and counts them as skipped (docs/decisions/017-money-figures.md).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDate } from '../../../contracts/format';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import type { AnalyticsActionBody, SendRemindersResult } from '../../../contracts/payment-analytics';
import { renderHtmlEmail } from '../../adapters/mail/html-email';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentReminders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantScopeForWrite } from '../../platform/tenancy';
import { loadSender, sendRecordedEmail, type Sender } from '../messaging/send-recorded-email';
import { createInvoicePaymentLink } from '../payment-links/create-invoice-payment-link';
import { reminderCandidates } from './reminder-set';

export interface OverdueInvoice {
  id: number;
  invoiceNumber: string;
  dueDate: Date | null;
  /** Decimal string. */
  balanceDue: string;
  /** The invoice's payment link (/payment/{linkId}), which asks for the balance due; null if none could be made. */
  payUrl: string | null;
}

const lineOf = (i: OverdueInvoice) => `${i.invoiceNumber}: due ${formatDate(i.dueDate, 'on receipt')}, balance ${formatMoney(i.balanceDue)}`;

export function buildReminderEmail(customerName: string, sender: Sender, owed: OverdueInvoice[]): { subject: string; text: string; html: string } {
  const totalCents = owed.reduce((sum, i) => sum + toCents(i.balanceDue), 0);
  const opening = `This is a friendly reminder from ${sender.name}: the following ${owed.length === 1 ? 'invoice is' : 'invoices are'} past due.`;
  const closing = 'If you have already paid, please disregard this message. Thank you for your business.';
  const signature = [sender.name, ...(sender.email ? [sender.email] : [])];
  const text = [
    `Hello ${customerName},`,
    '',
    opening,
    '',
    ...owed.flatMap((i) => [`- ${lineOf(i)}`, ...(i.payUrl ? [`  Pay online: ${i.payUrl}`] : [])]),
    '',
    `Total due: ${formatMoney(fromCents(totalCents))}`,
    '',
    closing,
    '',
    ...signature,
  ].join('\n');
  // The layout has one button: the oldest invoice's pay link; with several, every link is also written out below.
  const first = owed.find((i) => i.payUrl);
  const html = renderHtmlEmail({
    brand: { name: sender.name },
    heading: 'Payment reminder',
    paragraphs: [`Hello ${customerName},`, opening],
    items: owed.map((i) => ({ description: i.invoiceNumber, detail: `Due ${formatDate(i.dueDate, 'on receipt')}`, amount: formatMoney(i.balanceDue) })),
    summary: [{ label: 'Total due', value: formatMoney(fromCents(totalCents)), strong: true }],
    button: first?.payUrl ? { label: `Pay ${first.invoiceNumber} (${formatMoney(first.balanceDue)})`, url: first.payUrl } : null,
    after: [...(owed.length > 1 ? owed.filter((i) => i.payUrl).map((i) => `Pay ${i.invoiceNumber} online: ${i.payUrl}`) : []), closing],
    signature,
  });
  return { subject: `Payment reminder from ${sender.name}`, text, html };
}

interface CustomerToRemind {
  name: string;
  email: string;
  invoices: { id: number; invoiceNumber: string; dueDate: Date | null; balanceDue: string }[];
}

type Candidate = Awaited<ReturnType<typeof reminderCandidates>>[number];

/** Splits the candidates by customer as the figures do (reminder-set.ts): without e-mail, all recent, or to remind. */
export function planReminders(rows: Candidate[]) {
  const byCustomer = new Map<number, Candidate[]>();
  for (const r of rows) byCustomer.set(r.customerId, [...(byCustomer.get(r.customerId) ?? []), r]);
  const plan = { toRemind: [] as CustomerToRemind[], withoutEmail: 0, recent: 0 };
  for (const invoices of byCustomer.values()) {
    const email = invoices[0].email;
    const due = invoices.filter((i) => !i.recent);
    if (!email) plan.withoutEmail++;
    else if (due.length === 0) plan.recent++;
    else {
      plan.toRemind.push({
        name: invoices[0].customerName,
        email,
        invoices: due.map((i) => ({ id: i.invoiceId, invoiceNumber: i.invoiceNumber, dueDate: i.dueDate, balanceDue: fromCents(toCents(i.balanceDue)) })),
      });
    }
  }
  return plan;
}

/** The invoice's open payment link (or a new one for its balance); a reminder still goes out without one. */
async function payUrlFor(deps: { db: Db; config: Config }, ctx: RequestContext, invoiceId: number): Promise<string | null> {
  try {
    return (await createInvoicePaymentLink(deps.db, ctx, deps.config.appUrl, invoiceId)).link.paymentUrl;
  } catch {
    // Paid in full between the claim and now: nothing to pay, the line stays as a reminder of what was due.
    return null;
  }
}

export async function sendOverdueReminders(
  deps: { db: Db; mailer: Mailer; config: Config },
  ctx: RequestContext,
  body: AnalyticsActionBody,
  now = new Date(),
): Promise<SendRemindersResult> {
  const { db } = deps;
  const scope = tenantScopeForWrite(ctx, body.organizationId);
  const { organizationId } = scope;
  // Claim first, send after: one organization's Send Reminders take turns for the claim only (a short transaction),
  // and a claimed invoice is 'sending' until its e-mail's outcome is recorded.
  const claimed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('send-reminders'), ${organizationId}::int)`);
    const rows = await reminderCandidates(tx, scope, now);
    const plan = planReminders(rows);
    const invoiceIds = plan.toRemind.flatMap((c) => c.invoices.map((i) => i.id));
    if (invoiceIds.length > 0) {
      await tx
        .insert(paymentReminders)
        .values(invoiceIds.map((invoiceId) => ({ organizationId, invoiceId, type: 'email', scheduledAt: now, status: 'sending' })));
    }
    return plan;
  });

  const result: SendRemindersResult = { sent: 0, skippedWithoutEmail: claimed.withoutEmail, skippedRecent: claimed.recent, failed: 0 };
  if (claimed.toRemind.length === 0) return result;
  const sender = await loadSender(db, organizationId);
  for (const customer of claimed.toRemind) {
    const owed: OverdueInvoice[] = [];
    for (const i of customer.invoices) owed.push({ ...i, payUrl: await payUrlFor(deps, ctx, i.id) });
    const { subject, text, html } = buildReminderEmail(customer.name, sender, owed);
    const ids = customer.invoices.map((i) => i.id);
    const delivery = await sendRecordedEmail(deps, ctx, { organizationId, to: customer.email, subject, text, html, replyTo: sender.email }, async (tx, outcome) => {
      // A failed e-mail releases its invoices: the next Send Reminders tries them again.
      await tx
        .update(paymentReminders)
        .set({ status: outcome.sent ? 'sent' : 'failed', sentAt: outcome.sent ? outcome.at : null })
        .where(
          and(
            eq(paymentReminders.organizationId, organizationId),
            inArray(paymentReminders.invoiceId, ids),
            eq(paymentReminders.status, 'sending'),
            eq(paymentReminders.scheduledAt, now),
          ),
        );
    });
    // One answer for many customers: each outcome is stored and counted, not thrown (docs/payments.md).
    if (delivery.status !== 'failed') result.sent++;
    else result.failed++;
  }
  return result;
}
