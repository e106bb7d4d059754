// The estimate as a PDF: the record mapped to the generic document model of adapters/pdf.
import type { Estimate } from '../../../contracts/estimates';
import { formatDate, statusLabel } from '../../../contracts/format';
import { formatMoney } from '../../../contracts/money';
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
} from '../documents/document-parties';
import { pdfFileName } from '../documents/invoice-pdf';
import { getEstimate } from './get-estimate';

export function estimatePdfModel(est: Estimate, business: Business, logo: Buffer | null, customer: DocumentCustomer | null): PdfDocumentModel {
  // The organization's word for an estimate ("TREATMENT PLAN"; docs/customer-emails.md, Vocabulary).
  const word = recordWord(business.labels, 'estimates');
  return {
    title: word.title.toUpperCase(),
    number: est.estimateNumber,
    subject: est.title,
    summary: est.description,
    issuer: { name: business.name, logo, lines: businessLines(business) },
    recipient: { heading: 'Prepared for', name: customer?.name ?? est.customerName ?? '-', lines: customerLines(customer) },
    details: [
      { label: `${word.title} date`, value: formatDate(est.createdAt) },
      { label: 'Valid until', value: formatDate(est.validUntil, 'Not set') },
      { label: 'Payment terms', value: paymentTermsLabel(customer?.paymentTerms) },
      { label: 'Status', value: statusLabel(est.status) },
    ],
    lineItems: est.lineItems.map((l) => ({
      description: l.description,
      quantity: formatQuantity(l.quantity),
      rate: formatMoney(l.rate),
      amount: formatMoney(l.amount),
    })),
    totals: [
      { label: 'Subtotal', value: formatMoney(est.subtotal) },
      { label: 'Tax', value: formatMoney(est.tax) },
      { label: 'Total', value: formatMoney(est.total), highlight: true },
    ],
    sections: [{ heading: 'Notes', text: est.notes }],
    footer: `${business.name} · Thank you for the opportunity`,
  };
}

/** The caller's estimate as { fileName, pdf }; another organization's is a 404. */
export async function renderEstimatePdf(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ estimate: Estimate; fileName: string; pdf: Buffer }> {
  const estimate = await getEstimate(db, ctx, id);
  const business = await loadBusiness(db, estimate.organizationId);
  const [logo, customer] = await Promise.all([loadLogo(db, business), loadDocumentCustomer(db, estimate.organizationId, estimate.customerId)]);
  const pdf = await renderDocumentPdf(estimatePdfModel(estimate, business, logo, customer));
  return { estimate, fileName: pdfFileName('estimate', estimate.estimateNumber), pdf };
}
