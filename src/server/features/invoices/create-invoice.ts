import type { CreateInvoice, Invoice } from '../../../contracts/invoices';
import { priceLineItems } from '../../../contracts/line-items';
import type { Db } from '../../db/client';
import { invoiceLineItems, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { nextDocumentNumber } from '../numbering/next-number';
import { checkAmounts, checkEstimateRef, checkWorkOrderRef, documentTotals, organizationAndCustomer } from '../documents/document-rules';
import { getInvoice } from '../documents/get-invoice';

/**
 * A new invoice and its lines in one transaction. The server prices the lines (tax null is 0), checks
 * the work order (same organization and customer) and estimate (same organization), and numbers it.
 */
export async function createInvoice(db: Db, ctx: RequestContext, input: CreateInvoice): Promise<Invoice> {
  const priced = priceLineItems(input.lineItems ?? []);
  checkAmounts(priced.issues);
  const totals = documentTotals(priced.subtotalCents, input.tax);
  const status = input.status ?? 'draft';

  const id = await db.transaction(async (tx) => {
    const { organizationId, customer } = await organizationAndCustomer(tx, ctx, input);
    if (input.workOrderId) await checkWorkOrderRef(tx, organizationId, customer.id, input.workOrderId);
    if (input.estimateId) await checkEstimateRef(tx, organizationId, input.estimateId);
    const invoiceNumber = await nextDocumentNumber(tx, organizationId, 'invoice');
    const [row] = await tx
      .insert(invoices)
      .values({
        organizationId,
        invoiceNumber,
        customerId: customer.id,
        workOrderId: input.workOrderId ?? null,
        estimateId: input.estimateId ?? null,
        status,
        ...totals,
        dueDate: input.dueDate ?? null,
        paidDate: input.paidDate ?? (status === 'paid' ? new Date() : null),
        notes: input.notes ?? null,
      })
      .returning({ id: invoices.id });
    if (priced.lines.length > 0) {
      await tx.insert(invoiceLineItems).values(priced.lines.map((l) => ({ ...l, organizationId, invoiceId: row.id })));
    }
    return row.id;
  });
  return getInvoice(db, ctx, id);
}
