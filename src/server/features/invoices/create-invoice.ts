import type { CreateInvoice, Invoice } from '../../../contracts/invoices';
import { priceLineItems } from '../../../contracts/line-items';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { customers, invoiceLineItems, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { organizationForWrite } from '../../platform/tenancy';
import { nextDocumentNumberSql } from '../numbering/next-number';
import { checkAmounts, checkEstimateRef, checkWorkOrderRef, documentTotals, fieldError, organizationAndCustomer } from '../documents/document-rules';
import { getInvoice } from '../documents/get-invoice';

type Totals = ReturnType<typeof documentTotals>;
type Lines = ReturnType<typeof priceLineItems>['lines'];

/**
 * A new invoice and its lines, atomically. The server prices the lines (tax null is 0), checks the customer, the work
 * order (same organization and customer) and estimate (same organization), and numbers it.
 */
export async function createInvoice(db: Db, ctx: RequestContext, input: CreateInvoice): Promise<Invoice> {
  const priced = priceLineItems(input.lineItems ?? []);
  checkAmounts(priced.issues);
  const totals = documentTotals(priced.subtotalCents, input.tax);
  const values = { input, totals, lines: priced.lines, status: input.status ?? 'draft' };

  let id: number;
  if (!input.workOrderId && !input.estimateId && !(ctx.isSuperUser && !input.organizationId)) {
    // The common case, one statement and no transaction around it: the customer is checked by the statement itself,
    // and a customer of another organization (or none) inserts nothing and takes no number.
    const organizationId = organizationForWrite(ctx, input.organizationId);
    const inserted = await insertNumbered(db, organizationId, values, sql`(select 1 from ${customers} where ${customers.organizationId} = ${organizationId} and ${customers.id} = ${input.customerId})`);
    if (inserted === undefined) throw fieldError('customerId', 'Customer not found');
    id = inserted;
  } else {
    id = await db.transaction(async (tx) => {
      const { organizationId, customer } = await organizationAndCustomer(tx, ctx, input);
      if (input.workOrderId) await checkWorkOrderRef(tx, organizationId, customer.id, input.workOrderId);
      if (input.estimateId) await checkEstimateRef(tx, organizationId, input.estimateId);
      const inserted = await insertNumbered(tx, organizationId, { ...values, input: { ...input, customerId: customer.id } });
      if (inserted === undefined) throw new Error('the invoice was not inserted');
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
  v: { input: CreateInvoice; totals: Totals; lines: Lines; status: string },
  onlyIf?: SQL,
): Promise<number | undefined> {
  const { input, totals, lines, status } = v;
  const paidDate = input.paidDate ?? (status === 'paid' ? new Date() : null);
  const lineRows = lines.map((l) => ({ description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount, sort_order: l.sortOrder }));
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`with number as (${nextDocumentNumberSql(organizationId, 'invoice', onlyIf)}),
      invoice as (
        insert into ${invoices} (organization_id, invoice_number, customer_id, work_order_id, estimate_id, status, subtotal, tax, total, due_date, paid_date, notes)
        select ${organizationId}, number.formatted, ${input.customerId}, ${input.workOrderId ?? null}::int, ${input.estimateId ?? null}::int, ${status},
          ${totals.subtotal}::numeric, ${totals.tax}::numeric, ${totals.total}::numeric, ${input.dueDate?.toISOString() ?? null}::timestamptz,
          ${paidDate?.toISOString() ?? null}::timestamptz, ${input.notes ?? null}::text
        from number
        returning id
      )${
        lineRows.length > 0
          ? sql`, line as (
        insert into ${invoiceLineItems} (organization_id, invoice_id, description, quantity, rate, amount, sort_order)
        select ${organizationId}, invoice.id, l.description, l.quantity, l.rate, l.amount, l.sort_order
        from invoice, json_to_recordset(${JSON.stringify(lineRows)}::json) as l(description text, quantity numeric, rate numeric, amount numeric, sort_order int)
      )`
          : sql``
      }
      select id from invoice`,
  );
  return row?.id;
}
