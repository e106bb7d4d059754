// Converting an approved quote (docs/rules/quote-approval.md#converting): a work order and/or an invoice with the
// lines the customer approved, linked back by their estimateId, in one transaction under the estimate's row lock,
// so a double click makes one of each.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ConvertEstimate, Estimate } from '../../../contracts/estimates';
import { countsInTotal } from '../../../contracts/line-items';
import { fromCents, toCents } from '../../../contracts/money';
import type { Db, Tx } from '../../db/client';
import { estimateLineItems, estimates, invoices, payments, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, forbidden } from '../../platform/errors';
import type { Permission } from '../../../contracts/permissions';
import { lockEstimateInScope } from './lock-estimate';
import { pricedWith } from '../documents/document-pricing';
import { insertNumbered } from '../invoices/create-invoice';
import { insertWorkOrder, workOrderTotal } from '../work-orders/create-work-order';
import { getEstimate } from './get-estimate';
import { emitInvoiceStatusEvents } from '../webhooks/emit-event';

export async function convertEstimate(db: Db, ctx: RequestContext, id: number, input: ConvertEstimate): Promise<Estimate> {
  // Converting creates the records, so it takes their permissions too.
  const may = (...anyOf: Permission[]) => anyOf.some((p) => ctx.permissions.has(p));
  if (input.workOrder && !may('create_work_orders', 'manage_work_orders')) throw forbidden('You do not have permission to create work orders');
  if (input.invoice && !may('create_invoices', 'manage_invoices')) throw forbidden('You do not have permission to create invoices');
  await db.transaction(async (tx) => {
    const row = await lockEstimateInScope(tx, ctx, id);
    if (row.status !== 'approved' && row.status !== 'converted') throw conflict('Only an approved estimate can be converted.');
    const organizationId = row.organizationId;
    const [[order], [bill], lines] = await Promise.all([
      tx.select({ id: workOrders.id, number: workOrders.orderNumber }).from(workOrders).where(and(eq(workOrders.organizationId, organizationId), eq(workOrders.estimateId, id))).limit(1),
      tx.select({ id: invoices.id, number: invoices.invoiceNumber }).from(invoices).where(and(eq(invoices.organizationId, organizationId), eq(invoices.estimateId, id))).limit(1),
      tx
        .select()
        .from(estimateLineItems)
        .where(and(eq(estimateLineItems.organizationId, organizationId), eq(estimateLineItems.estimateId, id)))
        .orderBy(asc(estimateLineItems.sortOrder), asc(estimateLineItems.id)),
    ]);
    if (input.workOrder && order) throw conflict(`This estimate is already work order ${order.number}.`);
    if (input.invoice && bill) throw conflict(`This estimate is already invoice ${bill.number}.`);

    // What the customer approved: every line but the optional ones left unticked, no longer optional, priced with the
    // settings and rates the quote was priced with, so the invoice asks for what was approved.
    const approved = lines.filter(countsInTotal).map((l) => ({
      description: l.description,
      quantity: l.quantity,
      rate: l.rate,
      discountType: l.discountType,
      discountValue: l.discountValue,
      taxRates: l.taxRates,
    }));
    const { figures, lines: pricedLines, document } = pricedWith(approved, { discountType: row.discountType, discountValue: row.discountValue, tax: row.tax }, row);
    const priced = { lines: pricedLines, subtotalCents: document.subtotalCents };
    const workOrderId = input.workOrder
      ? await insertWorkOrder(
          tx,
          organizationId,
          { customerId: row.customerId, title: row.title, description: row.description, status: 'scheduled', totalCost: workOrderTotal(priced.subtotalCents, '0', '0'), estimateId: id },
          priced.lines,
        )
      : (order?.id ?? null);
    if (input.invoice) {
      const invoiceId = await insertNumbered(tx, organizationId, {
        input: { customerId: row.customerId, workOrderId, estimateId: id, notes: row.notes },
        figures,
        lines: priced.lines,
        status: 'draft',
      });
      if (invoiceId === undefined) throw new Error('the invoice was not inserted');
      await carryDeposits(tx, organizationId, id, invoiceId);
    }
    await tx.update(estimates).set({ status: 'converted', convertedAt: row.convertedAt ?? new Date() }).where(and(eq(estimates.organizationId, organizationId), eq(estimates.id, id)));
  });
  return getEstimate(db, ctx, id);
}

/**
 * The quote's deposits (and their refunds) move onto its invoice, which then shows them paid and asks for the rest;
 * the payments triggers follow with amount_paid. deposit_applied records them so the draft stays editable
 * (docs/rules/quote-approval.md#deposits).
 */
async function carryDeposits(tx: Tx, organizationId: number, estimateId: number, invoiceId: number): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)));
  const moved = await tx
    .update(payments)
    .set({ invoiceId, invoiceNumber: invoice.invoiceNumber })
    .where(and(eq(payments.organizationId, organizationId), eq(payments.estimateId, estimateId), isNull(payments.invoiceId)))
    .returning({ amount: payments.amount, status: payments.status });
  const depositCents = moved.filter((p) => p.status === 'completed').reduce((sum, p) => sum + toCents(p.amount), 0);
  if (depositCents === 0) return;
  const paid = depositCents >= toCents(invoice.total);
  await tx
    .update(invoices)
    .set({ depositApplied: fromCents(depositCents), ...(paid ? { status: 'paid', paidDate: new Date() } : {}) })
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)));
  if (paid) await emitInvoiceStatusEvents(tx, organizationId, invoiceId, invoice.status, 'paid');
}
