// Late fees (docs/rules/money-and-payments.md#late-fees): a line of its own added to an owed invoice once its grace days
// have passed, once or each month after. The invoice row's lock and a unique (invoice, period) row make each fee happen
// once, however many app instances run the job.
import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { discountCents, fromCents, toCents } from '../../../contracts/money';
import { rowsOf, type Db } from '../../db/client';
import { invoiceLateFees, invoiceLineItems, invoices, paymentReminderSettings } from '../../db/schema/index';
import { writeSystemAudit } from '../audit/write-audit';
import { owedInvoice } from './plan-payment-reminders';
import { dueDayOf } from './reminder-schedule';
import { organizationTimeZone } from './reminder-settings';
import { wallClockAt } from '../../platform/wall-clock';

const DAY_MS = 86_400_000;
/** A monthly fee's period: every 30 days past the grace days. */
export const LATE_FEE_PERIOD_DAYS = 30;

/** Which period an invoice has reached `daysLate` days after its due day (0 before the grace days are over). */
export function lateFeePeriod(daysLate: number, graceDays: number, recurrence: 'once' | 'monthly'): number {
  if (daysLate <= graceDays) return 0;
  return recurrence === 'once' ? 1 : Math.floor((daysLate - graceDays - 1) / LATE_FEE_PERIOD_DAYS) + 1;
}

export async function applyLateFees(db: Db, now: Date): Promise<number> {
  const orgs = await db.select().from(paymentReminderSettings).where(ne(paymentReminderSettings.lateFeeType, 'none'));
  let added = 0;
  for (const settings of orgs) {
    if (!settings.lateFeeValue) continue;
    const organizationId = settings.organizationId;
    const timeZone = await organizationTimeZone(db, organizationId);
    const today = wallClockAt(now, timeZone).slice(0, 10);
    const owed = await db
      .select({ id: invoices.id, dueDate: invoices.dueDate })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), owedInvoice, lte(invoices.dueDate, new Date(now.getTime() - settings.lateFeeGraceDays * DAY_MS))));
    if (owed.length === 0) continue;
    const taken = await db
      .select({ invoiceId: invoiceLateFees.invoiceId, period: invoiceLateFees.period })
      .from(invoiceLateFees)
      .where(and(eq(invoiceLateFees.organizationId, organizationId), inArray(invoiceLateFees.invoiceId, owed.map((i) => i.id))));
    const has = new Set(taken.map((t) => `${t.invoiceId}:${t.period}`));
    for (const inv of owed) {
      if (!inv.dueDate) continue;
      const daysLate = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDayOf(inv.dueDate)}T00:00:00Z`)) / DAY_MS);
      const reached = lateFeePeriod(daysLate, settings.lateFeeGraceDays, settings.lateFeeRecurrence);
      for (let period = 1; period <= reached; period++) {
        if (has.has(`${inv.id}:${period}`)) continue;
        if (await addLateFee(db, organizationId, inv.id, period, settings)) added++;
      }
    }
  }
  return added;
}

/** One fee, in one transaction under the invoice's row lock; false when it was already added or nothing is owed. */
async function addLateFee(db: Db, organizationId: number, invoiceId: number, period: number, settings: typeof paymentReminderSettings.$inferSelect): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId), owedInvoice))
      .for('update');
    if (!inv) return false;
    const balance = toCents(inv.total) - toCents(inv.amountPaid) - toCents(inv.amountCredited);
    const feeCents =
      settings.lateFeeType === 'percent' ? discountCents(balance, { type: 'percent', value: settings.lateFeeValue ?? '0' }) : toCents(settings.lateFeeValue);
    if (feeCents <= 0) return false;
    const [fee] = await tx
      .insert(invoiceLateFees)
      .values({ organizationId, invoiceId, period, amount: fromCents(feeCents) })
      .onConflictDoNothing()
      .returning({ id: invoiceLateFees.id });
    if (!fee) return false;
    const [last] = await tx
      .select({ sortOrder: invoiceLineItems.sortOrder })
      .from(invoiceLineItems)
      .where(and(eq(invoiceLineItems.organizationId, organizationId), eq(invoiceLineItems.invoiceId, invoiceId)))
      .orderBy(desc(invoiceLineItems.sortOrder))
      .limit(1);
    const label = settings.lateFeeType === 'percent' ? `Late fee (${Number(settings.lateFeeValue)} % of ${fromCents(balance)})` : 'Late fee';
    await tx.insert(invoiceLineItems).values({
      organizationId,
      invoiceId,
      description: settings.lateFeeRecurrence === 'monthly' ? `${label}, month ${period}` : label,
      quantity: '1.00',
      rate: fromCents(feeCents),
      amount: fromCents(feeCents),
      sortOrder: (last?.sortOrder ?? -1) + 1,
    });
    await rowsOf(
      tx,
      sql`update ${invoices} set subtotal = subtotal + ${fromCents(feeCents)}::numeric, total = total + ${fromCents(feeCents)}::numeric, updated_at = now()
        where organization_id = ${organizationId} and id = ${invoiceId}`,
    );
    await writeSystemAudit(tx, { organizationId, action: 'invoice.late_fee', entityType: 'invoice', entityId: invoiceId, details: { period, amount: fromCents(feeCents) } });
    return true;
  });
}
