// Issuing a credit note against a sent invoice (docs/rules/records.md#credit-notes).
import { and, eq, sql } from 'drizzle-orm';
import { creditableCents } from '../../../contracts/invoices';
import type { CreateCreditNote, CreditNote } from '../../../contracts/credit-notes';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { creditNoteLineItems, creditNotes, invoiceLineItems, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { writeAudit } from '../audit/write-audit';
import { lockInvoiceInScope } from '../documents/lock-invoice';
import { fieldError } from '../documents/document-rules';
import { lineRecordColumns, lineRowOf, pricedWith, pricingContext, storedLines, type Priced } from '../documents/document-pricing';
import { completeInvoicePaymentLinks } from '../payments/settle-payment';
import { emitInvoiceStatusEvents } from '../webhooks/emit-event';
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
 * The credit priced as its invoice was (docs/rules/money-and-payments.md#taxes-and-discounts): the invoice's settings and
 * exemption, and each rate as the invoice's lines carry it (an organization rate the invoice does not name as it is now).
 * A credit note has no discount of its own: its lines say what is credited.
 */
async function priceCredit(tx: DbOrTx, invoice: typeof invoices.$inferSelect, input: CreateCreditNote): Promise<Priced> {
  const ids = input.lineItems.flatMap((l) => l.taxRateIds ?? []);
  const [invoiceLines, { rates }] = await Promise.all([
    storedLines(tx, invoiceLineItems, invoiceLineItems.invoiceId, invoice),
    pricingContext(tx, invoice.organizationId, invoice.customerId, ids),
  ]);
  for (const line of invoiceLines) for (const rate of line.taxRates) rates.set(rate.id, rate);
  const lines = input.lineItems.map((line, i) => ({
    ...line,
    taxRates: [...new Set(line.taxRateIds ?? [])].map((id) => {
      const rate = rates.get(id);
      if (!rate) throw fieldError(`lineItems.${i}.taxRateIds`, 'Tax rate not found');
      return rate;
    }),
  }));
  return pricedWith(lines, { tax: input.tax ?? null }, invoice);
}

/**
 * Numbers (CN-00001), stores the note and its lines, adds its total to the invoice's amount_credited and, when
 * payments and credits now cover the invoice, closes it: `paid` if any payment was made, else `credited`. One
 * transaction with the invoice row locked, so two notes issued at once cannot together credit more than the total.
 */
export async function createCreditNote(db: Db, ctx: RequestContext, invoiceId: number, input: CreateCreditNote): Promise<CreditNote> {
  const id = await db.transaction(async (tx) => {
    const invoice = await lockInvoiceInScope(tx, ctx, invoiceId);
    if (invoice.status === 'draft') throw conflict(CREDIT_MESSAGES.draft);
    if (invoice.status === 'void') throw conflict(CREDIT_MESSAGES.void);
    // After the lookup: another organization's invoice is a 404 whatever the lines say.
    const { figures: totals, lines } = await priceCredit(tx, invoice, input);
    const totalCents = toCents(totals.total);
    if (totalCents <= 0) throw fieldError('lineItems', CREDIT_MESSAGES.zero);
    const remaining = creditableCents(invoice);
    if (remaining === 0) throw conflict(CREDIT_MESSAGES.nothingLeft);
    if (totalCents > remaining) {
      throw fieldError('lineItems', overCreditMessage(fromCents(remaining)));
    }
    const organizationId = invoice.organizationId;
    const lineRows = lines.map(lineRowOf);
    const [note] = await rowsOf<{ id: number; number: string }>(
      tx,
      sql`with number as (${nextDocumentNumberSql(organizationId, 'credit_note')}),
        note as (
          insert into ${creditNotes} (organization_id, credit_note_number, invoice_id, customer_id, reason, subtotal, tax, total, created_by,
            discount_type, discount_value, discount, taxes, prices_include_tax, tax_rounding, tax_exempt)
          select ${organizationId}, number.formatted, ${invoice.id}, ${invoice.customerId}, ${input.reason}, ${totals.subtotal}::numeric,
            ${totals.tax}::numeric, ${totals.total}::numeric, ${ctx.user.id}::int,
            null, null, 0, ${JSON.stringify(totals.taxes)}::jsonb, ${totals.pricesIncludeTax}::boolean, ${totals.taxRounding}::text, ${totals.taxExempt}::boolean
          from number
          returning id, credit_note_number
        ), line as (
          insert into ${creditNoteLineItems} (organization_id, credit_note_id, description, quantity, rate, amount, sort_order, discount_type, discount_value, discount, tax_rates)
          select ${organizationId}, note.id, l.description, l.quantity, l.rate, l.amount, l.sort_order, l.discount_type, l.discount_value, l.discount, l.tax_rates
          from note, json_to_recordset(${JSON.stringify(lineRows)}::json) as l(${lineRecordColumns})
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
    if (closes && toCents(invoice.amountPaid) > 0) await emitInvoiceStatusEvents(tx, organizationId, invoice.id, invoice.status, 'paid');
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
