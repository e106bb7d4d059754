import type { CreateInvoice, Invoice } from '../../../contracts/invoices';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { customers, invoiceLineItems, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { organizationForWrite } from '../../platform/tenancy';
import { nextDocumentNumberSql } from '../numbering/next-number';
import { checkEstimateRef, checkWorkOrderRef, fieldError, organizationAndCustomer } from '../documents/document-rules';
import { lineRecordColumns, lineRowOf, priceInput, type DocumentFigures } from '../documents/document-pricing';
import { getInvoice } from '../documents/get-invoice';
import { emitInvoiceStatusEvents } from '../webhooks/emit-event';
import type { PricedLine } from '../../../contracts/line-items';

/**
 * A new invoice and its lines, atomically. The server prices the lines (docs/rules/money-and-payments.md#taxes-and-discounts),
 * checks the customer, the work order (same organization and customer) and estimate (same organization), and numbers it.
 */
export async function createInvoice(db: Db, ctx: RequestContext, input: CreateInvoice): Promise<Invoice> {
  const status = input.status ?? 'draft';

  let id: number;
  if (status === 'draft' && !input.workOrderId && !input.estimateId && !(ctx.isSuperUser && !input.organizationId)) {
    // The common case, no transaction around it: the customer is checked by the insert itself, and a customer of
    // another organization (or none) inserts nothing and takes no number. (One written sent or paid is reported to
    // webhooks in its transaction, below.)
    const organizationId = organizationForWrite(ctx, input.organizationId);
    const { figures, lines } = await priceInput(db, organizationId, input.customerId, input);
    const inserted = await insertNumbered(
      db,
      organizationId,
      { input, figures, lines, status },
      sql`(select 1 from ${customers} where ${customers.organizationId} = ${organizationId} and ${customers.id} = ${input.customerId})`,
    );
    if (inserted === undefined) throw fieldError('customerId', 'Customer not found');
    id = inserted;
  } else {
    id = await db.transaction(async (tx) => {
      const { organizationId, customer } = await organizationAndCustomer(tx, ctx, input);
      if (input.workOrderId) await checkWorkOrderRef(tx, organizationId, customer.id, input.workOrderId);
      if (input.estimateId) await checkEstimateRef(tx, organizationId, input.estimateId);
      const { figures, lines } = await priceInput(tx, organizationId, customer.id, input);
      const inserted = await insertNumbered(tx, organizationId, { input: { ...input, customerId: customer.id }, figures, lines, status });
      if (inserted === undefined) throw new Error('the invoice was not inserted');
      await emitInvoiceStatusEvents(tx, organizationId, inserted, null, status);
      return inserted;
    });
  }
  return getInvoice(db, ctx, id);
}

/**
 * Numbers, inserts and gives its lines to an invoice in one statement (its id; undefined when `onlyIf` finds no row).
 * The counter row's lock, which every creator of an invoice in the organization waits on, is held for that statement
 * and its commit only; a statement that inserts nothing takes no number (docs/rules/platform.md#document-numbers).
 */
export async function insertNumbered(
  db: DbOrTx,
  organizationId: number,
  v: { input: CreateInvoice; figures: DocumentFigures; lines: PricedLine[]; status: string; recurring?: { id: number; date: string } },
  onlyIf?: SQL,
): Promise<number | undefined> {
  const { input, figures, lines, status, recurring } = v;
  const paidDate = input.paidDate ?? (status === 'paid' ? new Date() : null);
  const lineRows = lines.map(lineRowOf);
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`with number as (${nextDocumentNumberSql(organizationId, 'invoice', onlyIf)}),
      invoice as (
        insert into ${invoices} (organization_id, invoice_number, customer_id, work_order_id, estimate_id, status, subtotal, tax, total, due_date, paid_date, notes,
          discount_type, discount_value, discount, taxes, prices_include_tax, tax_rounding, tax_exempt, recurring_invoice_id, recurring_date)
        select ${organizationId}, number.formatted, ${input.customerId}, ${input.workOrderId ?? null}::int, ${input.estimateId ?? null}::int, ${status},
          ${figures.subtotal}::numeric, ${figures.tax}::numeric, ${figures.total}::numeric, ${input.dueDate?.toISOString() ?? null}::timestamptz,
          ${paidDate?.toISOString() ?? null}::timestamptz, ${input.notes ?? null}::text,
          ${figures.discountType}::text, ${figures.discountValue}::numeric, ${figures.discount}::numeric, ${JSON.stringify(figures.taxes)}::jsonb,
          ${figures.pricesIncludeTax}::boolean, ${figures.taxRounding}::text, ${figures.taxExempt}::boolean,
          ${recurring?.id ?? null}::int, ${recurring?.date ?? null}::text
        from number
        returning id
      )${
        lineRows.length > 0
          ? sql`, line as (
        insert into ${invoiceLineItems} (organization_id, invoice_id, description, quantity, rate, amount, sort_order, discount_type, discount_value, discount, tax_rates)
        select ${organizationId}, invoice.id, l.description, l.quantity, l.rate, l.amount, l.sort_order, l.discount_type, l.discount_value, l.discount, l.tax_rates
        from invoice, json_to_recordset(${JSON.stringify(lineRows)}::json) as l(${lineRecordColumns})
      )`
          : sql``
      }
      select id from invoice`,
  );
  return row?.id;
}
