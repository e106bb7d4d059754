// An invoice's reminders and late fees, for its timeline (docs/rules/money-and-payments.md#payment-reminders).
import { and, asc, eq } from 'drizzle-orm';
import type { InvoiceReminderTimeline } from '../../../contracts/payment-reminders';
import type { Db } from '../../db/client';
import { invoiceLateFees, invoiceReminders, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';

export async function getReminderTimeline(db: Db, ctx: RequestContext, invoiceId: number): Promise<InvoiceReminderTimeline> {
  const [inv] = await db
    .select({ organizationId: invoices.organizationId })
    .from(invoices)
    .where(tenantWhere(tenantScope(ctx), invoices, eq(invoices.id, invoiceId)))
    .limit(1);
  if (!inv) throw notFound('Invoice not found');
  const [reminders, fees] = await Promise.all([
    db
      .select()
      .from(invoiceReminders)
      .where(and(eq(invoiceReminders.organizationId, inv.organizationId), eq(invoiceReminders.invoiceId, invoiceId)))
      .orderBy(asc(invoiceReminders.dueAt), asc(invoiceReminders.id)),
    db
      .select()
      .from(invoiceLateFees)
      .where(and(eq(invoiceLateFees.organizationId, inv.organizationId), eq(invoiceLateFees.invoiceId, invoiceId)))
      .orderBy(asc(invoiceLateFees.period)),
  ]);
  return {
    reminders: reminders.map((r) => ({
      id: r.id,
      days: r.days,
      channel: r.channel,
      // A row being handed to the transport reads as still to go out.
      status: r.status === 'sending' ? 'pending' : r.status,
      dueAt: r.dueAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      recipient: r.recipient,
      note: r.note,
      attempts: r.attempts,
    })),
    lateFees: fees.map((f) => ({ id: f.id, period: f.period, amount: f.amount, createdAt: f.createdAt.toISOString() })),
  };
}
