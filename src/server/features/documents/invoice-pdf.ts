// The invoice as a PDF: the record mapped to the generic document model of adapters/pdf.
import type { Invoice } from '../../../contracts/invoices';
import { formatDate, statusLabel } from '../../../contracts/format';
import { formatMoney, toCents } from '../../../contracts/money';
import { recordWord } from '../../../contracts/vocabulary';
import { renderDocumentPdf, type PdfDocumentModel } from '../../adapters/pdf/document-pdf';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import {
  businessLines,
  customerLines,
  formatQuantity,
  loadBusiness,
  loadDocumentCustomer,
  loadLogo,
  paymentTermsLabel,
  type Business,
  type DocumentCustomer,
} from './document-parties';
import { getInvoice } from './get-invoice';
import { pricedLineText, rowsAfterTotal, rowsBeforeTotal } from './total-rows';

/**
 * The due date and the terms never contradict each other (docs/features.md, Invoices): a due date prints with the
 * terms; without one, the terms say when payment is due (Net 30 alone, never "On receipt" beside it), and only an
 * invoice with no terms, or terms of Due on receipt, prints "On receipt".
 */
export function dueDetails(dueDate: string | null, paymentTerms: string | null | undefined): { label: string; value: string }[] {
  const terms = paymentTerms?.trim() ? paymentTermsLabel(paymentTerms) : null;
  const termsRow = terms ? [{ label: 'Payment terms', value: terms }] : [];
  if (dueDate) return [{ label: 'Due date', value: formatDate(dueDate) }, ...termsRow];
  if (terms && /^Net \d+$/.test(terms)) return termsRow;
  return [{ label: 'Due date', value: 'On receipt' }];
}

export function invoicePdfModel(inv: Invoice, business: Business, logo: Buffer | null, customer: DocumentCustomer | null): PdfDocumentModel {
  const paid = toCents(inv.amountPaid);
  // The organization's word for an invoice ("MEDICAL BILL" for a healthcare practice; docs/customer-emails.md, Vocabulary).
  const word = recordWord(business.labels, 'invoices');
  const details = [
    { label: `${word.title} date`, value: formatDate(inv.createdAt) },
    ...dueDetails(inv.dueDate, customer?.paymentTerms),
    { label: 'Status', value: inv.isOverdue && inv.status !== 'overdue' ? `${statusLabel(inv.status)} (overdue)` : statusLabel(inv.status) },
  ];
  if (inv.paidDate) details.push({ label: 'Paid on', value: formatDate(inv.paidDate) });
  if (inv.voidedAt) details.push({ label: 'Voided on', value: formatDate(inv.voidedAt) });
  const credited = toCents(inv.amountCredited);
  return {
    title: word.title.toUpperCase(),
    number: inv.invoiceNumber,
    issuer: { name: business.name, logo, lines: businessLines(business) },
    recipient: { heading: 'Bill to', name: customer?.name ?? inv.customerName ?? '-', lines: customerLines(customer) },
    details,
    lineItems: inv.lineItems.map((l) => ({ ...pricedLineText(l), quantity: formatQuantity(l.quantity), rate: formatMoney(l.rate) })),
    totals: [
      ...rowsBeforeTotal(inv),
      { label: 'Total', value: formatMoney(inv.total), strong: true },
      ...rowsAfterTotal(inv),
      ...(paid > 0 ? [{ label: 'Amount paid', value: `-${formatMoney(inv.amountPaid)}` }] : []),
      ...(credited > 0 ? [{ label: 'Credited', value: `-${formatMoney(inv.amountCredited)}` }] : []),
      { label: 'Balance due', value: formatMoney(inv.balanceDue), highlight: true },
    ],
    sections: [{ heading: 'Notes', text: inv.notes }, ...(inv.voidReason ? [{ heading: 'Void', text: inv.voidReason }] : [])],
    footer: `${business.name} · Thank you for your business`,
  };
}

/** invoice-INV-00001.pdf; path separators, quotes and control characters in a renamed number become _. */
export function pdfFileName(kind: 'invoice' | 'estimate' | 'credit-note' | 'work-order', number: string): string {
  // eslint-disable-next-line no-control-regex
  return `${kind}-${number.replace(/[\u0000-\u001f\u007f"'\\/:*?<>|]/g, '_')}.pdf`;
}

/** The caller's invoice as { fileName, pdf }; another organization's is a 404. */
export async function renderInvoicePdf(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ invoice: Invoice; fileName: string; pdf: Buffer }> {
  const invoice = await getInvoice(db, ctx, id);
  const business = await loadBusiness(db, invoice.organizationId);
  const [logo, customer] = await Promise.all([loadLogo(db, business), loadDocumentCustomer(db, invoice.organizationId, invoice.customerId)]);
  const pdf = await renderDocumentPdf(invoicePdfModel(invoice, business, logo, customer));
  return { invoice, fileName: pdfFileName('invoice', invoice.invoiceNumber), pdf };
}
