// Credit note rows as the API returns them: the invoice's number, the customer's name, the lines in order.
import { and, eq, sql } from 'drizzle-orm';
import type { CreditNote } from '../../../contracts/credit-notes';
import { creditNoteLineItems, creditNotes, customers, invoices } from '../../db/schema/index';
import { documentPricingOf, pricedLineJsonKeys } from '../documents/document-pricing';

type LineItem = CreditNote['lineItems'][number];

const lineItemsJson = sql<string>`coalesce((select json_agg(json_build_object('id', l.id, 'description', l.description, 'quantity', l.quantity::text, 'rate', l.rate::text, 'amount', l.amount::text, 'sortOrder', l.sort_order, ${pricedLineJsonKeys}) order by l.sort_order, l.id)::text from ${creditNoteLineItems} l where l.organization_id = ${creditNotes.organizationId} and l.credit_note_id = ${creditNotes.id}), '[]')`;
const customerHasEmail = sql<boolean>`coalesce(trim(${customers.email}), '') <> ''`;

export const creditNoteColumns = {
  note: creditNotes,
  invoiceNumber: invoices.invoiceNumber,
  customerName: customers.name,
  customerHasEmail,
  lineItems: lineItemsJson,
};

/** The invoice and customer joins, kept inside the note's organization. */
export const creditNoteInvoiceJoin = and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.organizationId, creditNotes.organizationId));
export const creditNoteCustomerJoin = and(eq(customers.id, creditNotes.customerId), eq(customers.organizationId, creditNotes.organizationId));

type Row = { note: typeof creditNotes.$inferSelect; invoiceNumber: string | null; customerName: string | null; customerHasEmail: boolean | null; lineItems: string };

export function toCreditNotes(rows: Row[]): CreditNote[] {
  return rows.map(({ note, invoiceNumber, customerName, customerHasEmail, lineItems }) => ({
    id: note.id,
    organizationId: note.organizationId,
    creditNoteNumber: note.creditNoteNumber,
    invoiceId: note.invoiceId,
    invoiceNumber: invoiceNumber ?? '',
    customerId: note.customerId,
    customerName,
    customerHasEmail: customerHasEmail === true,
    reason: note.reason,
    subtotal: note.subtotal,
    tax: note.tax,
    total: note.total,
    lineItems: JSON.parse(lineItems) as LineItem[],
    ...documentPricingOf(note),
    createdAt: note.createdAt.toISOString(),
  }));
}
