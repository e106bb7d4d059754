// What an export contains, read back through the items it claimed: documents with their customers and lines as the
// books need them (document-books.ts), payments and refunds with whom and what they were for.
import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { accountingExportItems, creditNoteLineItems, creditNotes, customers, invoiceLineItems, invoices, payments } from '../../db/schema/index';
import { tenantWhere, type OrganizationScope } from '../../platform/tenancy';
import { toCents, type Cents } from '../../../contracts/money';
import type { RecordType } from './claim-records';
import { documentBooks, type DocumentBooks, type StoredLine } from './document-books';
import { dayIn, storedDay } from './export-period';

export interface ExportCustomer {
  name: string;
  email: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  paymentTerms: string | null;
}

export interface ExportInvoice {
  id: number;
  number: string;
  date: string;
  /** Null: due on receipt. */
  dueDate: string | null;
  customer: ExportCustomer;
  books: DocumentBooks;
}

export interface ExportCreditNote {
  id: number;
  number: string;
  date: string;
  invoiceNumber: string | null;
  reason: string;
  customer: ExportCustomer;
  books: DocumentBooks;
}

export interface ExportMoney {
  id: number;
  date: string;
  /** Positive: what was received, or for a refund what went back. */
  amount: Cents;
  customerName: string;
  invoiceNumber: string | null;
  method: string | null;
  reference: string | null;
  /** A refund's reason. */
  notes: string | null;
}

export interface ExportRecords {
  invoices: ExportInvoice[];
  creditNotes: ExportCreditNote[];
  payments: ExportMoney[];
  refunds: ExportMoney[];
}

const customerColumns = {
  name: customers.name,
  email: customers.email,
  address: customers.address,
  city: customers.city,
  state: customers.state,
  zip: customers.zip,
  paymentTerms: customers.paymentTerms,
};

/** The claimed records of one kind: the export's items joined to the record's table. */
const claimedBy = (exportId: number, type: RecordType, organizationId: PgColumn, id: PgColumn) =>
  and(
    eq(accountingExportItems.organizationId, organizationId),
    eq(accountingExportItems.recordId, id),
    eq(accountingExportItems.recordType, type),
    eq(accountingExportItems.exportId, exportId),
  );

const NO_CUSTOMER: ExportCustomer = { name: 'Unknown customer', email: null, address: null, city: null, state: null, zip: null, paymentTerms: null };

/** The document's customer; one gone since (never, while its documents stand) reads as unknown rather than failing. */
function customerOf(row: ExportCustomer | null): ExportCustomer {
  return row ?? NO_CUSTOMER;
}

function groupLines<T extends { parentId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(r.parentId, [...(out.get(r.parentId) ?? []), r]);
  return out;
}

const lineColumns = <L extends typeof invoiceLineItems | typeof creditNoteLineItems>(l: L) => ({
  description: l.description,
  quantity: l.quantity,
  rate: l.rate,
  amount: l.amount,
  discount: l.discount,
  taxRates: l.taxRates,
});

export async function loadExportRecords(tx: Tx, scope: OrganizationScope, exportId: number, timeZone: string): Promise<ExportRecords> {
  const invoiceRows = await tx
    .select({ inv: invoices, customer: customerColumns })
    .from(invoices)
    .innerJoin(accountingExportItems, claimedBy(exportId, 'invoice', invoices.organizationId, invoices.id))
    .leftJoin(customers, and(eq(customers.organizationId, invoices.organizationId), eq(customers.id, invoices.customerId)))
    .where(tenantWhere(scope, invoices))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  const invoiceLines = groupLines(
    await tx
      .select({ parentId: invoiceLineItems.invoiceId, ...lineColumns(invoiceLineItems) })
      .from(invoiceLineItems)
      .innerJoin(accountingExportItems, claimedBy(exportId, 'invoice', invoiceLineItems.organizationId, invoiceLineItems.invoiceId))
      .where(tenantWhere(scope, invoiceLineItems))
      .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id)),
  );

  const noteRows = await tx
    .select({ note: creditNotes, invoiceNumber: invoices.invoiceNumber, customer: customerColumns })
    .from(creditNotes)
    .innerJoin(accountingExportItems, claimedBy(exportId, 'credit_note', creditNotes.organizationId, creditNotes.id))
    .leftJoin(invoices, and(eq(invoices.organizationId, creditNotes.organizationId), eq(invoices.id, creditNotes.invoiceId)))
    .leftJoin(customers, and(eq(customers.organizationId, creditNotes.organizationId), eq(customers.id, creditNotes.customerId)))
    .where(tenantWhere(scope, creditNotes))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.id));
  const noteLines = groupLines(
    await tx
      .select({ parentId: creditNoteLineItems.creditNoteId, ...lineColumns(creditNoteLineItems) })
      .from(creditNoteLineItems)
      .innerJoin(accountingExportItems, claimedBy(exportId, 'credit_note', creditNoteLineItems.organizationId, creditNoteLineItems.creditNoteId))
      .where(tenantWhere(scope, creditNoteLineItems))
      .orderBy(asc(creditNoteLineItems.creditNoteId), asc(creditNoteLineItems.sortOrder), asc(creditNoteLineItems.id)),
  );

  const money = async (type: 'payment' | 'refund') => {
    const rows = await tx
      .select({ p: payments, customerName: customers.name, invoiceNumber: invoices.invoiceNumber })
      .from(payments)
      .innerJoin(accountingExportItems, claimedBy(exportId, type, payments.organizationId, payments.id))
      .leftJoin(customers, and(eq(customers.organizationId, payments.organizationId), eq(customers.id, payments.customerId)))
      .leftJoin(invoices, and(eq(invoices.organizationId, payments.organizationId), eq(invoices.id, payments.invoiceId)))
      .where(tenantWhere(scope, payments))
      .orderBy(asc(payments.receivedDate), asc(payments.id));
    return rows.map(
      (r): ExportMoney => ({
        id: r.p.id,
        date: dayIn(r.p.receivedDate, timeZone),
        amount: Math.abs(toCents(r.p.amount)),
        // The copy taken when it was recorded reads right after the customer is gone, and for payments without one.
        customerName: r.p.customerName ?? r.customerName ?? NO_CUSTOMER.name,
        invoiceNumber: r.p.invoiceNumber ?? r.invoiceNumber,
        method: r.p.method,
        reference: r.p.reference,
        notes: r.p.notes,
      }),
    );
  };

  return {
    invoices: invoiceRows.map((r) => ({
      id: r.inv.id,
      number: r.inv.invoiceNumber,
      date: dayIn(r.inv.createdAt, timeZone),
      dueDate: r.inv.dueDate ? storedDay(r.inv.dueDate) : null,
      customer: customerOf(r.customer),
      books: documentBooks({ ...r.inv, lines: (invoiceLines.get(r.inv.id) ?? []) satisfies StoredLine[] }, `Invoice ${r.inv.invoiceNumber}`),
    })),
    creditNotes: noteRows.map((r) => ({
      id: r.note.id,
      number: r.note.creditNoteNumber,
      date: dayIn(r.note.createdAt, timeZone),
      invoiceNumber: r.invoiceNumber,
      reason: r.note.reason,
      customer: customerOf(r.customer),
      books: documentBooks({ ...r.note, lines: (noteLines.get(r.note.id) ?? []) satisfies StoredLine[] }, `Credit note ${r.note.creditNoteNumber}`),
    })),
    payments: await money('payment'),
    refunds: await money('refund'),
  };
}
