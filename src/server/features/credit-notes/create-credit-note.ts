// Issuing a credit note against a sent invoice (docs/rules/records.md#credit-notes).
import { and, eq, sql } from 'drizzle-orm';
import { creditableCents } from '../../../contracts/invoices';
import type { CreateCreditNote, CreditNote } from '../../../contracts/credit-notes';
import { priceLineItems } from '../../../contracts/line-items';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import { rowsOf, type Db } from '../../db/client';
import { creditNoteLineItems, creditNotes, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { writeAudit } from '../audit/write-audit';
import { lockInvoiceInScope } from '../documents/lock-invoice';
import { checkAmounts, documentTotals, fieldError } from '../documents/document-rules';
import { completeInvoicePaymentLinks } from '../payments/settle-payment';
import { nextDocumentNumberSql } from '../numbering/next-number';
import { getCreditNote } from './get-credit-note';

export const CREDIT_MESSAGES = {
  draft: 'A draft invoice is corrected by editing it: only a sent invoice takes a credit note',
  void: 'This invoice is void: there is nothing to credit',
  nothingLeft: 'This invoice has been credited in full',
  zero: 'A credit note must be for more than $0.00',
} as const;

export const overCreditMessage = (remaining: string) => `The credit cannot be more than ${formatMoney(remaining)}, what is left to credit on this invoice`;

/**
 * Numbers (CN-00001), stores the note and its lines, adds its total to the invoice's amount_credited and, when
 * payments and credits now cover the invoice, closes it: `paid` if any payment was made, else `credited`. One
 * transaction with the invoice row locked, so two notes issued at once cannot together credit more than the total.
 */
export async function createCreditNote(db: Db, ctx: RequestContext, invoiceId: number, input: CreateCreditNote): Promise<CreditNote> {
  const priced = priceLineItems(input.lineItems);
  checkAmounts(priced.issues);
  const totals = documentTotals(priced.subtotalCents, input.tax ?? null);
  const totalCents = toCents(totals.total);

  const id = await db.transaction(async (tx) => {
    const invoice = await lockInvoiceInScope(tx, ctx, invoiceId);
    if (invoice.status === 'draft') throw conflict(CREDIT_MESSAGES.draft);
    if (invoice.status === 'void') throw conflict(CREDIT_MESSAGES.void);
    // After the lookup: another organization's invoice is a 404 whatever the lines say.
    if (totalCents <= 0) throw fieldError('lineItems', CREDIT_MESSAGES.zero);
    const remaining = creditableCents(invoice);
    if (remaining === 0) throw conflict(CREDIT_MESSAGES.nothingLeft);
    if (totalCents > remaining) {
      throw fieldError('lineItems', overCreditMessage(fromCents(remaining)));
    }
    const organizationId = invoice.organizationId;
    const lineRows = priced.lines.map((l) => ({ description: l.description, quantity: l.quantity, rate: l.rate, amount: l.amount, sort_order: l.sortOrder }));
    const [note] = await rowsOf<{ id: number; number: string }>(
      tx,
      sql`with number as (${nextDocumentNumberSql(organizationId, 'credit_note')}),
        note as (
          insert into ${creditNotes} (organization_id, credit_note_number, invoice_id, customer_id, reason, subtotal, tax, total, created_by)
          select ${organizationId}, number.formatted, ${invoice.id}, ${invoice.customerId}, ${input.reason}, ${totals.subtotal}::numeric,
            ${totals.tax}::numeric, ${totals.total}::numeric, ${ctx.user.id}::int
          from number
          returning id, credit_note_number
        ), line as (
          insert into ${creditNoteLineItems} (organization_id, credit_note_id, description, quantity, rate, amount, sort_order)
          select ${organizationId}, note.id, l.description, l.quantity, l.rate, l.amount, l.sort_order
          from note, json_to_recordset(${JSON.stringify(lineRows)}::json) as l(description text, quantity numeric, rate numeric, amount numeric, sort_order int)
        )
        select id, credit_note_number as number from note`,
    );
    if (!note) throw new Error('the credit note was not inserted');

    const credited = toCents(invoice.amountCredited) + totalCents;
    const settled = toCents(invoice.amountPaid) + credited >= toCents(invoice.total);
    const closes = settled && (invoice.status === 'sent' || invoice.status === 'overdue');
    const now = new Date();
    await tx
      .update(invoices)
      .set({
        amountCredited: fromCents(credited),
        // The dashboard finds invoices settled towards since an instant by it (dashboard-figures.ts).
        lastPaymentAt: sql`greatest(${invoices.lastPaymentAt}, ${now.toISOString()}::timestamptz)`,
        ...(closes ? (toCents(invoice.amountPaid) > 0 ? { status: 'paid', paidDate: now } : { status: 'credited' }) : {}),
      })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.organizationId, organizationId)));
    // A covered invoice's pay links are done, as when a payment covers it.
    if (closes) await completeInvoicePaymentLinks(tx, organizationId, invoice.id);
    await writeAudit(tx, ctx, {
      action: 'credit_note.issued',
      entityType: 'invoice',
      entityId: invoice.id,
      organizationId,
      details: { creditNote: note.number, total: totals.total },
    });
    return note.id;
  });
  return getCreditNote(db, ctx, id);
}
