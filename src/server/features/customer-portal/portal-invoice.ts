// The portal customer's own invoices: a PDF to download and a card payment of the balance due. An invoice of
// another customer, another organization, or a draft is a 404 like a missing one.
import { toCents } from '../../../contracts/money';
import { and, eq } from 'drizzle-orm';
import { PORTAL_MESSAGES } from '../../../contracts/customer-portal';
import type { PaymentIntentResponse } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { creditNotes, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { renderCreditNotePdf } from '../credit-notes/credit-note-pdf';
import { renderInvoicePdf } from '../documents/invoice-pdf';
import { lockInvoiceBalance } from '../payments/settle-payment';
import { startPayment } from '../payments/start-payment';
import type { CustomerRow } from './resolve-portal-customer';

async function findPortalInvoice(db: DbOrTx, customer: CustomerRow, invoiceId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.organizationId, customer.organizationId), eq(invoices.customerId, customer.id)))
    .limit(1);
  if (!row || row.status === 'draft') throw notFound(PORTAL_MESSAGES.invoiceNotFound);
  return row;
}

/** `scope` is the portal's read context for the customer's organization (see portalScope). */
export async function renderPortalInvoicePdf(db: DbOrTx, scope: RequestContext, customer: CustomerRow, invoiceId: number) {
  await findPortalInvoice(db, customer, invoiceId);
  return renderInvoicePdf(db, scope, invoiceId);
}

/** Starts a card payment of the invoice's whole balance due. */
export async function startPortalInvoicePayment(db: DbOrTx, config: Config, customer: CustomerRow, invoiceId: number, amount?: string | null): Promise<PaymentIntentResponse> {
  const invoice = await findPortalInvoice(db, customer, invoiceId);
  // Only sent invoices are payable in the portal (docs/rules/records.md#invoice-statuses).
  if (invoice.status !== 'sent') throw conflict(PORTAL_MESSAGES.onlySent);
  const balance = await lockInvoiceBalance(db, customer.organizationId, invoice.id);
  return startPayment(db, config, {
    organizationId: customer.organizationId,
    invoiceId: invoice.id,
    customerId: customer.id,
    // What the customer chose (an installment, say; startPayment refuses more than the balance), else all of it.
    amountCents: amount ? toCents(amount) : balance.balanceCents,
    customerName: customer.name,
    description: `Invoice ${invoice.invoiceNumber}`,
    paymentType: 'card',
    source: 'portal',
  });
}

/** One of the customer's credit notes as a PDF; anyone else's is a 404 like a missing one. */
export async function renderPortalCreditNotePdf(db: DbOrTx, scope: RequestContext, customer: CustomerRow, creditNoteId: number) {
  const [row] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.organizationId, customer.organizationId), eq(creditNotes.customerId, customer.id)))
    .limit(1);
  if (!row) throw notFound('Credit note not found');
  return renderCreditNotePdf(db, scope, creditNoteId);
}
