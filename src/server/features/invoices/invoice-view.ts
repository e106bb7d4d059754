// Invoice rows as the API returns them: customer name, line items in order, completed payments,
// balance due and whether the invoice is overdue.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Invoice } from '../../../contracts/invoices';
import { fromCents, toCents } from '../../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { customers, invoiceLineItems, invoices, payments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { runAll } from '../../platform/lists';
import { tenantFilter } from '../../platform/tenancy';

export const invoiceColumns = { inv: invoices, customerName: customers.name };

/** The customer join, kept inside the invoice's organization. */
export const invoiceCustomerJoin = and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId));

type Row = { inv: typeof invoices.$inferSelect; customerName: string | null };

/** Overdue as the screens derive it: the due date has passed and the invoice is not paid. */
export function isOverdue(inv: { status: string; dueDate: Date | null }, now = new Date()): boolean {
  if (inv.status === 'paid') return false;
  return inv.status === 'overdue' || (inv.dueDate !== null && inv.dueDate.getTime() < now.getTime());
}

export async function toInvoices(db: DbOrTx, ctx: RequestContext, rows: Row[]): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.inv.id);
  // Independent reads: in parallel on the PostgreSQL pool (see runAll).
  const [lines, paid] = await runAll(
    db,
    () =>
      db
        .select()
        .from(invoiceLineItems)
        .where(and(inArray(invoiceLineItems.invoiceId, ids), tenantFilter(ctx, invoiceLineItems.organizationId)))
        .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id)),
    () =>
      db
        .select({ invoiceId: payments.invoiceId, sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
        .from(payments)
        .where(and(inArray(payments.invoiceId, ids), eq(payments.status, 'completed'), tenantFilter(ctx, payments.organizationId)))
        .groupBy(payments.invoiceId),
  );
  const paidCents = new Map(paid.map((p) => [p.invoiceId, toCents(p.sum)]));
  const byParent = new Map<number, Invoice['lineItems']>();
  for (const l of lines) {
    const list = byParent.get(l.invoiceId) ?? [];
    list.push({ id: l.id, description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount, sortOrder: l.sortOrder });
    byParent.set(l.invoiceId, list);
  }
  const now = new Date();
  return rows.map(({ inv, customerName }) => {
    const amountPaid = paidCents.get(inv.id) ?? 0;
    return {
      id: inv.id,
      organizationId: inv.organizationId,
      invoiceNumber: inv.invoiceNumber,
      customerId: inv.customerId,
      customerName,
      workOrderId: inv.workOrderId,
      estimateId: inv.estimateId,
      status: inv.status,
      subtotal: inv.subtotal,
      tax: inv.tax ?? '0.00',
      total: inv.total,
      dueDate: inv.dueDate?.toISOString() ?? null,
      paidDate: inv.paidDate?.toISOString() ?? null,
      notes: inv.notes,
      lineItems: byParent.get(inv.id) ?? [],
      amountPaid: fromCents(amountPaid),
      balanceDue: fromCents(Math.max(0, toCents(inv.total) - amountPaid)),
      isOverdue: isOverdue(inv, now),
      createdAt: inv.createdAt.toISOString(),
      updatedAt: inv.updatedAt.toISOString(),
    };
  });
}
