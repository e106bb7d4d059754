// Writes the reminders that have fallen due (docs/rules/money-and-payments.md#payment-reminders): one row per invoice, step
// and channel, refused twice by the database, so any number of app instances planning at once write each row once.
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoiceReminders, invoices, paymentReminderSettings } from '../../db/schema/index';
import { dueDayOf, stepsToPlan } from './reminder-schedule';
import { organizationTimeZone } from './reminder-settings';

const DAY_MS = 86_400_000;
/** How far past a step the job still sends it: an outage shorter than this is caught up, an older invoice is left alone. */
export const CATCH_UP_DAYS = 7;

/** Owed: sent or overdue, not void, with something left to pay. */
export const owedInvoice = and(
  inArray(invoices.status, ['sent', 'overdue']),
  isNull(invoices.voidedAt),
  sql`${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited} > 0`,
);

export async function planPaymentReminders(db: Db, now: Date): Promise<{ planned: number; skipped: number }> {
  const organizations = await db.select().from(paymentReminderSettings).where(eq(paymentReminderSettings.enabled, true));
  let planned = 0;
  let skipped = 0;
  for (const settings of organizations) {
    const steps = settings.steps.filter((s) => s.enabled && (s.email || s.sms));
    if (steps.length === 0) continue;
    const organizationId = settings.organizationId;
    const timeZone = await organizationTimeZone(db, organizationId);
    const first = Math.min(...steps.map((s) => s.days));
    const last = Math.max(...steps.map((s) => s.days));
    // Due dates whose steps can be due now: up to the earliest step ahead, back to the latest step plus the catch-up.
    const owed = await db
      .select({ id: invoices.id, dueDate: invoices.dueDate })
      .from(invoices)
      .where(
        and(
          eq(invoices.organizationId, organizationId),
          owedInvoice,
          gte(invoices.dueDate, new Date(now.getTime() - (last + CATCH_UP_DAYS + 1) * DAY_MS)),
          lte(invoices.dueDate, new Date(now.getTime() + (Math.max(0, -first) + 1) * DAY_MS)),
        ),
      );
    if (owed.length === 0) continue;
    const written = await db
      .select({ invoiceId: invoiceReminders.invoiceId, days: invoiceReminders.days, channel: invoiceReminders.channel })
      .from(invoiceReminders)
      .where(and(eq(invoiceReminders.organizationId, organizationId), inArray(invoiceReminders.invoiceId, owed.map((i) => i.id))));
    const byInvoice = new Map<number, Set<string>>();
    for (const w of written) {
      const set = byInvoice.get(w.invoiceId) ?? new Set<string>();
      set.add(`${w.days}:${w.channel}`);
      byInvoice.set(w.invoiceId, set);
    }
    const rows: (typeof invoiceReminders.$inferInsert)[] = [];
    for (const inv of owed) {
      if (!inv.dueDate) continue;
      const { send, skip } = stepsToPlan(steps, dueDayOf(inv.dueDate), timeZone, now, byInvoice.get(inv.id) ?? new Set());
      // A step older than the catch-up window is recorded as skipped, never sent late.
      for (const s of send) {
        const stale = now.getTime() - s.dueAt.getTime() > CATCH_UP_DAYS * DAY_MS;
        rows.push({ organizationId, invoiceId: inv.id, days: s.days, channel: s.channel, dueAt: s.dueAt, ...(stale && { status: 'skipped', note: 'Came due while reminders could not be sent' }) });
      }
      for (const s of skip) rows.push({ organizationId, invoiceId: inv.id, days: s.days, channel: s.channel, dueAt: s.dueAt, status: 'skipped', note: 'A later reminder went instead' });
    }
    if (rows.length === 0) continue;
    const inserted = await db.insert(invoiceReminders).values(rows).onConflictDoNothing().returning({ status: invoiceReminders.status });
    planned += inserted.filter((r) => r.status === 'pending').length;
    skipped += inserted.filter((r) => r.status === 'skipped').length;
  }
  return { planned, skipped };
}

/** Rows claimed for sending whose worker stopped mid-send: failed, never sent again, so no customer gets one twice. */
export async function failInterruptedSends(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(invoiceReminders)
    .set({ status: 'failed', note: 'Interrupted while sending: not sent again, so the customer never gets it twice', lockedUntil: null })
    .where(and(eq(invoiceReminders.status, 'sending'), lte(invoiceReminders.lockedUntil, now)))
    .returning({ id: invoiceReminders.id });
  return rows.length;
}
