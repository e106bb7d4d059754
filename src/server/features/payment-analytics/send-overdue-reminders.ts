// Send Reminders: one e-mail per customer listing their overdue invoices (DECISIONS.md, Recommended Actions).
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatDate } from '../../../contracts/format';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import type { AnalyticsActionBody, SendRemindersResult } from '../../../contracts/payment-analytics';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { customers, invoices, paymentReminders, payments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { organizationForWrite } from '../../platform/tenancy';
import { isPastDue } from './aging-sql';
import { paidPerInvoice } from './invoice-balances';
import { loadSender, sendRecordedEmail, type Sender } from '../messaging/send-recorded-email';

export interface OverdueInvoice {
  id: number;
  invoiceNumber: string;
  dueDate: Date | null;
  /** Decimal string. */
  balanceDue: string;
}

export function buildReminderEmail(customerName: string, sender: Sender, owed: OverdueInvoice[]): { subject: string; text: string } {
  const totalCents = owed.reduce((sum, i) => sum + toCents(i.balanceDue), 0);
  const text = [
    `Hello ${customerName},`,
    '',
    `This is a friendly reminder from ${sender.name}: the following ${owed.length === 1 ? 'invoice is' : 'invoices are'} past due.`,
    '',
    ...owed.map((i) => `- ${i.invoiceNumber}: due ${formatDate(i.dueDate, 'on receipt')}, balance ${formatMoney(i.balanceDue)}`),
    '',
    `Total due: ${formatMoney(fromCents(totalCents))}`,
    '',
    'If you have already paid, please disregard this message. Thank you for your business.',
    '',
    sender.name,
    ...(sender.email ? [sender.email] : []),
  ].join('\n');
  return { subject: `Payment reminder from ${sender.name}`, text };
}

export async function sendOverdueReminders(
  deps: { db: Db; mailer: Mailer },
  ctx: RequestContext,
  body: AnalyticsActionBody,
  now = new Date(),
): Promise<SendRemindersResult> {
  const { db } = deps;
  const organizationId = organizationForWrite(ctx, body.organizationId);
  const paid = paidPerInvoice(db, eq(payments.organizationId, organizationId));
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      dueDate: invoices.dueDate,
      total: invoices.total,
      paidAmount: paid.amount,
      customerId: customers.id,
      customerName: customers.name,
      email: customers.email,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(paid, and(eq(paid.organizationId, invoices.organizationId), eq(paid.invoiceId, invoices.id)))
    .where(and(eq(invoices.organizationId, organizationId), isPastDue(now)))
    .orderBy(asc(customers.id), sql`${invoices.dueDate} asc nulls last`, asc(invoices.id));

  const byCustomer = new Map<number, { name: string; email: string | null; owed: OverdueInvoice[] }>();
  for (const r of rows) {
    const balance = toCents(r.total) - toCents(r.paidAmount);
    // Paid in full but not yet marked paid: nothing to remind about.
    if (balance <= 0) continue;
    const entry = byCustomer.get(r.customerId) ?? { name: r.customerName, email: r.email?.trim() || null, owed: [] };
    entry.owed.push({ id: r.id, invoiceNumber: r.invoiceNumber, dueDate: r.dueDate, balanceDue: fromCents(balance) });
    byCustomer.set(r.customerId, entry);
  }

  const result: SendRemindersResult = { sent: 0, skippedWithoutEmail: 0, failed: 0 };
  if (byCustomer.size === 0) return result;
  const sender = await loadSender(db, organizationId);
  for (const customer of byCustomer.values()) {
    if (!customer.email) {
      result.skippedWithoutEmail++;
      continue;
    }
    const { subject, text } = buildReminderEmail(customer.name, sender, customer.owed);
    const delivery = await sendRecordedEmail(deps, ctx, { organizationId, to: customer.email, subject, text, replyTo: sender.email }, async (tx, outcome) => {
      await tx.insert(paymentReminders).values(
        customer.owed.map((i) => ({
          organizationId,
          invoiceId: i.id,
          type: 'email',
          scheduledAt: outcome.at,
          sentAt: outcome.sent ? outcome.at : null,
          status: outcome.sent ? 'sent' : 'failed',
        })),
      );
    });
    // One answer for many customers: each outcome is stored and counted, not thrown (docs/payments.md).
    if (delivery.status !== 'failed') result.sent++;
    else result.failed++;
  }
  return result;
}
