// E-mailing an invoice to its customer, with the PDF attached (docs/rules/records.md#document-emails).
import type { Invoice } from '../../../contracts/invoices';
import { rowsBeforeTotal } from '../documents/total-rows';
import { formatDate } from '../../../contracts/format';
import { formatMoney, toCents } from '../../../contracts/money';
import { recordWord } from '../../../contracts/vocabulary';
import { renderHtmlEmail } from '../../adapters/mail/html-email';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderDocumentPdf } from '../../adapters/pdf/document-pdf';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import { createPortalLink } from '../documents/create-portal-link';
import type { RequestContext } from '../../platform/context';
import { htmlItems, itemLines, logoUrl, recipientOf, sendDocumentEmail, signature, signatureLines } from '../documents/document-mail';
import { loadBusiness, loadDocumentCustomer, loadLogo, type Business, type DocumentCustomer } from '../documents/document-parties';
import { getInvoice } from '../documents/get-invoice';
import { dueDetails, invoicePdfModel, pdfFileName } from '../documents/invoice-pdf';
import { emitInvoiceStatusEvents } from '../webhooks/emit-event';

export interface InvoiceEmailInput {
  invoice: Invoice;
  business: Business;
  customer: DocumentCustomer;
  /** A link to view and pay the invoice in the customer portal; included when given. */
  portalUrl?: string | null;
  /** Why the system writes (a recurring period, an auto-pay charge or its decline), said first. */
  lead?: string;
}

/** Subject and plain text of the invoice e-mail: the items, the totals, the balance and due date, the business's contact lines. */
export function buildInvoiceEmail({ invoice, business, customer, portalUrl, lead }: InvoiceEmailInput): { subject: string; text: string } {
  const paid = toCents(invoice.amountPaid);
  // In the organization's words: "Medical Bill INV-00012" for a healthcare practice (docs/customer-emails.md, Vocabulary).
  const word = recordWord(business.labels, 'invoices');
  const text = [
    `Hello ${customer.name},`,
    '',
    ...(lead ? [lead, ''] : []),
    `Please find attached ${word.lower} ${invoice.invoiceNumber} from ${business.name}.`,
    '',
    `${word.title} number: ${invoice.invoiceNumber}`,
    `${word.title} date: ${formatDate(invoice.createdAt)}`,
    // The same due rows as the PDF, so the e-mail never says "On receipt" beside "Net 30".
    ...dueDetails(invoice.dueDate, customer.paymentTerms).map((row) => `${row.label}: ${row.value}`),
    '',
    'Items:',
    ...itemLines(invoice.lineItems),
    '',
    ...rowsBeforeTotal(invoice).map((row) => `${row.label}: ${row.value}`),
    `Total: ${formatMoney(invoice.total)}`,
    ...(paid > 0 ? [`Amount paid: ${formatMoney(invoice.amountPaid)}`] : []),
    `Balance due: ${formatMoney(invoice.balanceDue)}`,
    ...(portalUrl ? ['', `View and pay this ${word.lower} online: ${portalUrl}`] : []),
    ...(invoice.notes?.trim() ? ['', 'Notes:', invoice.notes.trim()] : []),
    '',
    'Thank you for your business.',
    '',
    signature(business),
  ].join('\n');
  return { subject: `${word.title} ${invoice.invoiceNumber} from ${business.name}`, text };
}

/** The HTML part: the organization's name and logo, the items and amounts, and the button to view and pay. */
export function buildInvoiceHtml({ invoice, business, customer, portalUrl, lead }: InvoiceEmailInput, logo: string | null): string {
  const paid = toCents(invoice.amountPaid);
  const word = recordWord(business.labels, 'invoices');
  return renderHtmlEmail({
    brand: { name: business.name, logoUrl: logo },
    heading: `${word.title} ${invoice.invoiceNumber}`,
    paragraphs: [`Hello ${customer.name},`, ...(lead ? [lead] : []), `Please find attached ${word.lower} ${invoice.invoiceNumber} from ${business.name}.`],
    items: htmlItems(invoice.lineItems),
    summary: [
      { label: `${word.title} date`, value: formatDate(invoice.createdAt) },
      ...dueDetails(invoice.dueDate, customer.paymentTerms),
      ...rowsBeforeTotal(invoice),
      { label: 'Total', value: formatMoney(invoice.total) },
      ...(paid > 0 ? [{ label: 'Amount paid', value: formatMoney(invoice.amountPaid) }] : []),
      { label: 'Balance due', value: formatMoney(invoice.balanceDue), strong: true },
    ],
    button: portalUrl ? { label: `View and pay ${word.lower}`, url: portalUrl } : null,
    after: [...(invoice.notes?.trim() ? [invoice.notes.trim()] : []), 'Thank you for your business.'],
    signature: signatureLines(business),
  });
}

/**
 * Sends the caller's invoice to the customer's e-mail address and records it in Messaging. What the customer
 * receives is never a draft: the PDF is made with the status the invoice has once sent, and the draft turns
 * sent in the transaction that records the delivery (docs/features.md, Documents and e-mails). A delivery
 * that failed leaves it a draft: nothing reached the customer.
 */
export async function emailInvoice(deps: { db: Db; mailer: Mailer; config: Config }, ctx: RequestContext, id: number): Promise<void> {
  const { db } = deps;
  const found = await getInvoice(db, ctx, id);
  const invoice: Invoice = found.status === 'draft' ? { ...found, status: 'sent' } : found;
  const { customer, to } = recipientOf(await loadDocumentCustomer(db, invoice.organizationId, invoice.customerId));
  const portalUrl = await portalUrlFor(deps, ctx, invoice);
  const business = await loadBusiness(db, invoice.organizationId);
  const pdf = await renderDocumentPdf(invoicePdfModel(invoice, business, await loadLogo(db, business), customer));
  const input = { invoice, business, customer, portalUrl };
  const { subject, text } = buildInvoiceEmail(input);
  await sendDocumentEmail(
    deps,
    ctx,
    {
      organizationId: invoice.organizationId,
      to,
      subject,
      text,
      html: buildInvoiceHtml(input, logoUrl(deps.config.appUrl, business)),
      fromName: business.name,
      replyTo: business.email,
      attachment: { filename: pdfFileName('invoice', invoice.invoiceNumber), content: pdf },
      secrets: portalUrl ? [portalUrl] : undefined,
    },
    // A draft that has gone to the customer is sent: it now counts as outstanding and can be paid in the portal.
    async (tx) => {
      if (found.status !== 'draft') return;
      const [sent] = await tx
        .update(invoices)
        .set({ status: 'sent' })
        .where(and(eq(invoices.id, found.id), eq(invoices.organizationId, found.organizationId), eq(invoices.status, 'draft')))
        .returning({ id: invoices.id });
      if (sent) await emitInvoiceStatusEvents(tx, found.organizationId, found.id, 'draft', 'sent');
    },
  );
}

/** docs/rules/customer-portal.md#portal-links: invoice e-mails carry a signed portal link, unless the customer's portal access is off. */
async function portalUrlFor(deps: { db: Db; config: Config }, ctx: RequestContext, invoice: Invoice): Promise<string | null> {
  if (!invoice.customerId) return null;
  const [c] = await deps.db
    .select({ portalAccessEnabled: customers.portalAccessEnabled })
    .from(customers)
    .where(and(eq(customers.id, invoice.customerId), eq(customers.organizationId, invoice.organizationId)));
  if (!c?.portalAccessEnabled) return null;
  // The sender is the link's creator: deactivating them revokes it (docs/customer-portal.md, Portal links).
  const link = { organizationId: invoice.organizationId, customerId: invoice.customerId, createdByUserId: ctx.user.id };
  return (await createPortalLink(deps.db, deps.config, link)).url;
}
