// Who Send Reminders reaches: customers with owed invoices past due (documents/balance-due.ts), each invoice reminded
// at most once in ACTION_REPEAT_HOURS hours. The Recommended Actions count and the action run this one query, so the
// count is what the action does (docs/decisions/017-money-figures.md).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTION_REPEAT_HOURS, type ActionSet } from '../../../contracts/payment-analytics';
import type { DbOrTx } from '../../db/client';
import { customers, paymentReminders } from '../../db/schema/index';
import { at, isOwedPastDue, owedInvoices } from '../documents/balance-due';
import type { TenantScope } from '../../platform/tenancy';

const HOUR_MS = 3_600_000;

/** Reminder rows that hold an invoice back: being sent now, or sent, within the window. A failed one does not. */
export const REMINDER_CLAIM_STATUSES = ['sending', 'sent'] as const;

/**
 * One row per owed invoice past due, with its customer: `email` (trimmed, null without one) and `recent` (reminded
 * within the window). Not run here: the figures aggregate it, the action reads it.
 */
export function reminderCandidates(db: DbOrTx, scope: TenantScope, now: Date) {
  const owed = owedInvoices(db, scope);
  const since = new Date(now.getTime() - ACTION_REPEAT_HOURS * HOUR_MS);
  const recent = sql<boolean>`exists (select 1 from ${paymentReminders} where ${paymentReminders.organizationId} = ${owed.organizationId} and ${paymentReminders.invoiceId} = ${owed.id} and ${inArray(paymentReminders.status, [...REMINDER_CLAIM_STATUSES])} and ${paymentReminders.scheduledAt} > ${at(since)})`;
  return db
    .select({
      organizationId: owed.organizationId,
      invoiceId: sql<number>`${owed.id}`.as('invoice_id'),
      invoiceNumber: owed.invoiceNumber,
      dueDate: owed.dueDate,
      balanceDue: sql<string>`${owed.balanceDue}::text`.as('balance_due_text'),
      customerId: sql<number>`${customers.id}`.as('customer_id'),
      customerName: customers.name,
      email: sql<string | null>`nullif(btrim(${customers.email}), '')`.as('email'),
      recent: recent.as('recent'),
    })
    .from(owed)
    .innerJoin(customers, and(eq(customers.id, owed.customerId), eq(customers.organizationId, owed.organizationId)))
    .where(isOwedPastDue(owed, now));
}

/** Customers with overdue invoices, split as the action will treat them. */
export async function reminderSetFigures(db: DbOrTx, scope: TenantScope, now: Date): Promise<{ overdueCustomers: number; reminders: ActionSet }> {
  const c = reminderCandidates(db, scope, now).as('candidates');
  const [r] = await db
    .select({
      all: sql<number>`count(distinct ${c.customerId})::int`,
      ready: sql<number>`(count(distinct ${c.customerId}) filter (where ${c.email} is not null and not ${c.recent}))::int`,
      withoutEmail: sql<number>`(count(distinct ${c.customerId}) filter (where ${c.email} is null))::int`,
    })
    .from(c);
  const all = Number(r?.all ?? 0);
  const ready = Number(r?.ready ?? 0);
  const withoutEmail = Number(r?.withoutEmail ?? 0);
  return { overdueCustomers: all, reminders: { ready, recent: all - ready - withoutEmail, withoutEmail } };
}
