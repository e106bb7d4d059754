// Makes each period's invoice of every recurring schedule that has come due (docs/rules/money-and-payments.md#recurring-invoices):
// under the schedule's row lock (FOR UPDATE SKIP LOCKED: another instance on it is left to it), every period from
// the next one up to today, missed ones included, each once; the period count moves in the same transaction, and the
// unique (schedule, period date) key refuses a second invoice for a period whatever else happens.
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, recurringInvoices } from '../../db/schema/index';
import { wallClockAt, addDays } from '../../platform/wall-clock';
import { priceInput } from '../documents/document-pricing';
import { insertNumbered } from '../invoices/create-invoice';
import { emitInvoiceStatusEvents } from '../webhooks/emit-event';
import { organizationTimeZone } from '../payment-reminders/reminder-settings';
import { nextPeriod } from './recurring-invoice-service';

/** Periods one run bills for one schedule at most: a weekly schedule left off for years is caught up over several runs. */
export const MAX_PERIODS_PER_RUN = 24;

export interface MadeInvoice {
  organizationId: number;
  invoiceId: number;
  sendEmail: boolean;
}

export async function generateRecurringInvoices(db: Db, now: Date): Promise<MadeInvoice[]> {
  // Any zone's today is at most a day past UTC's: a cheap filter, checked exactly per organization below.
  const horizon = addDays(now.toISOString().slice(0, 10), 1);
  const due = await db
    .select({ id: recurringInvoices.id, organizationId: recurringInvoices.organizationId })
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.status, 'active'), lte(recurringInvoices.nextDate, horizon)));
  const made: MadeInvoice[] = [];
  for (const { id, organizationId } of due) {
    const today = wallClockAt(now, await organizationTimeZone(db, organizationId)).slice(0, 10);
    made.push(...(await billDuePeriods(db, organizationId, id, today)));
  }
  return made;
}

async function billDuePeriods(db: Db, organizationId: number, id: number, today: string): Promise<MadeInvoice[]> {
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(recurringInvoices)
      .where(and(eq(recurringInvoices.organizationId, organizationId), eq(recurringInvoices.id, id), eq(recurringInvoices.status, 'active')))
      .for('update', { skipLocked: true });
    if (!r) return [];
    const made: MadeInvoice[] = [];
    let generated = r.generatedCount;
    let next = nextPeriod(r, generated);
    for (let i = 0; i < MAX_PERIODS_PER_RUN && next !== null && next <= today; i++) {
      const date = next;
      // A date billed before the schedule's dates were changed is not billed again.
      const [billed] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), eq(invoices.recurringInvoiceId, r.id), eq(invoices.recurringDate, date)))
        .limit(1);
      if (billed) {
        generated++;
        next = nextPeriod(r, generated);
        continue;
      }
      const { figures, lines } = await priceInput(tx, organizationId, r.customerId, { lineItems: r.lineItems, discountType: r.discountType, discountValue: r.discountValue });
      const invoiceId = await insertNumbered(tx, organizationId, {
        input: {
          customerId: r.customerId,
          workOrderId: r.workOrderId,
          notes: r.notes,
          dueDate: new Date(`${addDays(date, r.dueDays)}T00:00:00Z`),
        },
        figures,
        lines,
        status: r.sendEmail ? 'sent' : 'draft',
        recurring: { id: r.id, date },
      });
      if (invoiceId === undefined) throw new Error('the recurring invoice was not inserted');
      await emitInvoiceStatusEvents(tx, organizationId, invoiceId, null, r.sendEmail ? 'sent' : 'draft');
      made.push({ organizationId, invoiceId, sendEmail: r.sendEmail });
      generated++;
      next = nextPeriod(r, generated);
    }
    await tx
      .update(recurringInvoices)
      .set({ generatedCount: generated, nextDate: next, ...(next === null && { status: 'ended' }) })
      .where(and(eq(recurringInvoices.organizationId, organizationId), eq(recurringInvoices.id, id)));
    return made;
  });
}

