// Invoice rows as the API returns them: customer name, line items in order, completed payments,
// balance due and whether the invoice is overdue.
import { and, eq, sql } from 'drizzle-orm';
import { invoiceAmountsLocked, type Invoice } from '../../../contracts/invoices';
import { fromCents, toCents } from '../../../contracts/money';
import { customers, invoiceLineItems, invoices, payments } from '../../db/schema/index';
import { documentPricingOf, pricedLineJsonKeys } from './document-pricing';

type LineItem = Invoice['lineItems'][number];

// Each invoice's line items and completed payments come with its row, as one JSON text and one sum, so a page of
// invoices is one statement: one round trip instead of three, and a single field per row to decode for the lines.
const lineItemsJson = sql<string>`coalesce((select json_agg(json_build_object('id', l.id, 'description', l.description, 'quantity', l.quantity::text, 'rate', l.rate::text, 'amount', l.amount::text, 'sortOrder', l.sort_order, ${pricedLineJsonKeys}) order by l.sort_order, l.id)::text from ${invoiceLineItems} l where l.organization_id = ${invoices.organizationId} and l.invoice_id = ${invoices.id}), '[]')`;
const paidSum = sql<string>`coalesce((select sum(p.amount) from ${payments} p where p.organization_id = ${invoices.organizationId} and p.invoice_id = ${invoices.id} and p.status = 'completed'), 0)::text`;

// Email to customer is offered only when there is an address to send to.
const customerHasEmail = sql<boolean>`coalesce(trim(${customers.email}), '') <> ''`;

export const invoiceColumns = { inv: invoices, customerName: customers.name, customerHasEmail, lineItems: lineItemsJson, paid: paidSum };

/** The customer join, kept inside the invoice's organization. */
export const invoiceCustomerJoin = and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId));

type Row = { inv: typeof invoices.$inferSelect; customerName: string | null; customerHasEmail: boolean | null; lineItems: string; paid: string };

/** Overdue as the screens derive it: the due date has passed and the invoice is still owed (not paid, credited or void). */
export function isOverdue(inv: { status: string; dueDate: Date | null }, now = new Date()): boolean {
  if (inv.status === 'paid' || inv.status === 'void' || inv.status === 'credited') return false;
  return inv.status === 'overdue' || (inv.dueDate !== null && inv.dueDate.getTime() < now.getTime());
}

export function toInvoices(rows: Row[]): Invoice[] {
  const now = new Date();
  return rows.map(({ inv, customerName, customerHasEmail, lineItems, paid }) => {
    const amountPaid = toCents(paid);
    const amountCredited = toCents(inv.amountCredited);
    const figures = { amountPaid: fromCents(amountPaid), amountCredited: fromCents(amountCredited), depositApplied: inv.depositApplied };
    return {
      id: inv.id,
      organizationId: inv.organizationId,
      invoiceNumber: inv.invoiceNumber,
      customerId: inv.customerId,
      customerName,
      customerHasEmail: customerHasEmail === true,
      workOrderId: inv.workOrderId,
      estimateId: inv.estimateId,
      status: inv.status,
      subtotal: inv.subtotal,
      tax: inv.tax ?? '0.00',
      total: inv.total,
      dueDate: inv.dueDate?.toISOString() ?? null,
      paidDate: inv.paidDate?.toISOString() ?? null,
      notes: inv.notes,
      lineItems: JSON.parse(lineItems) as LineItem[],
      ...documentPricingOf(inv),
      ...figures,
      balanceDue: fromCents(inv.status === 'void' ? 0 : Math.max(0, toCents(inv.total) - amountPaid - amountCredited)),
      amountsLocked: invoiceAmountsLocked({ status: inv.status, ...figures }),
      voidedAt: inv.voidedAt?.toISOString() ?? null,
      voidReason: inv.voidReason,
      isOverdue: isOverdue(inv, now),
      recurringInvoiceId: inv.recurringInvoiceId,
      recurringDate: inv.recurringDate,
      autoPayState: inv.autoPayState,
      autoPayNote: inv.autoPayNote,
      createdAt: inv.createdAt.toISOString(),
      updatedAt: inv.updatedAt.toISOString(),
    };
  });
}
