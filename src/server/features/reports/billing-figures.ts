// The report's money-loop figures (docs/rules/reports.md#billing): tax invoiced per rate, discounts, credit notes,
// refunds, late fees, reminders and what they collected, recurring invoices and auto-pay, for the range.
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { toCents } from '../../../contracts/money';
import { rowsOf, type Db } from '../../db/client';
import { creditNotes, invoiceLateFees, invoiceLineItems, invoiceReminders, invoices, payments } from '../../db/schema/index';
import { paidAfterReminder } from '../payment-reminders/paid-after-reminder';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';
import { instantInRange, type ReportRange } from './report-range';

const amountCount = (n: unknown, total: unknown) => ({ count: Number(n ?? 0), totalCents: toCents(String(total ?? '0')) });

export async function billingFigures(db: Db, scope: TenantScope, range: ReportRange) {
  // Issued invoices only: a draft has not been billed and a void one was taken back.
  const issued = tenantWhere(scope, invoices, notInArray(invoices.status, ['draft', 'void']), instantInRange(invoices.createdAt, range));
  const paidIn = (...more: ReturnType<typeof sql>[]) => tenantWhere(scope, payments, eq(payments.status, 'completed'), instantInRange(payments.receivedDate, range), ...more);
  const [taxes, [docs], [lines], [notes], [refunds], [fees], [sent], [collected], [recurring], [auto]] = await Promise.all([
    rowsOf<{ name: string; percent: string; amount: string }>(
      db,
      sql`select t->>'name' as name, t->>'percent' as percent, sum((t->>'amount')::numeric)::text as amount
        from ${invoices}, jsonb_array_elements(${invoices.taxes}) t where ${issued} group by 1, 2 order by 1, 2`,
    ),
    db
      .select({
        typedTax: sql<string>`coalesce(sum(${invoices.tax}) filter (where jsonb_array_length(${invoices.taxes}) = 0), 0)::text`,
        discounts: sql<string>`coalesce(sum(${invoices.discount}), 0)::text`,
      })
      .from(invoices)
      .where(issued),
    db
      .select({ total: sql<string>`coalesce(sum(${invoiceLineItems.discount}), 0)::text` })
      .from(invoiceLineItems)
      .innerJoin(invoices, and(eq(invoices.organizationId, invoiceLineItems.organizationId), eq(invoices.id, invoiceLineItems.invoiceId)))
      .where(issued),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${creditNotes.total}), 0)::text` })
      .from(creditNotes)
      .where(tenantWhere(scope, creditNotes, instantInRange(creditNotes.createdAt, range))),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(-sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(tenantWhere(scope, payments, eq(payments.status, 'completed'), sql`${payments.amount} < 0`, instantInRange(payments.receivedDate, range))),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${invoiceLateFees.amount}), 0)::text` })
      .from(invoiceLateFees)
      .where(tenantWhere(scope, invoiceLateFees, instantInRange(invoiceLateFees.createdAt, range))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoiceReminders)
      .where(tenantWhere(scope, invoiceReminders, eq(invoiceReminders.status, 'sent'), instantInRange(invoiceReminders.sentAt, range))),
    db
      .select({ n: sql<number>`count(distinct ${payments.invoiceId})::int`, total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(paidIn(paidAfterReminder)),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${invoices.total}), 0)::text` })
      .from(invoices)
      .where(and(issued, isNotNull(invoices.recurringInvoiceId))),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .where(paidIn(eq(payments.description, 'Auto-pay'), inArray(payments.processor, ['test', 'stripe']))),
  ]);
  return {
    taxes: taxes.map((t) => ({ name: t.name, percent: t.percent, totalCents: toCents(t.amount) })),
    typedTaxCents: toCents(docs?.typedTax ?? '0'),
    discountCents: toCents(docs?.discounts ?? '0') + toCents(lines?.total ?? '0'),
    creditNotes: amountCount(notes?.n, notes?.total),
    refunds: amountCount(refunds?.n, refunds?.total),
    lateFees: amountCount(fees?.n, fees?.total),
    remindersSent: Number(sent?.n ?? 0),
    collectedAfterReminders: amountCount(collected?.n, collected?.total),
    recurringInvoices: amountCount(recurring?.n, recurring?.total),
    autoPay: amountCount(auto?.n, auto?.total),
  };
}
