// The estimate as a PDF: the record mapped to the generic document model of adapters/pdf.
import type { Estimate } from '../../../contracts/estimates';
import { pricedLineText, rowsAfterTotal, rowsBeforeTotal } from '../documents/total-rows';
import { formatDate, formatDateTime, statusLabel } from '../../../contracts/format';
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
      // An optional item says so, and whether the customer took it (docs/rules/quote-approval.md#optional-items).
      ...pricedLineText({ ...l, description: l.optional ? `${l.description} (optional${l.selected ? '' : ', not included'})` : l.description }),
      quantity: formatQuantity(l.quantity),
      rate: formatMoney(l.rate),
    })),
    totals: [
      ...rowsBeforeTotal(est),
      { label: 'Total', value: formatMoney(est.total), highlight: true },
      ...rowsAfterTotal(est),
      // The deposit asked on approval (docs/rules/quote-approval.md#deposits), and what of it was paid.
      ...(est.depositAmount
        ? [{ label: est.depositType === 'percent' ? `Deposit (${Number(est.depositValue)}%)` : 'Deposit', value: formatMoney(est.depositAmount) }]
        : []),
      ...(est.depositAmount && est.depositPaid !== '0.00' ? [{ label: 'Deposit paid', value: formatMoney(est.depositPaid) }] : []),
    ],
    sections: [
      { heading: 'Notes', text: est.notes },
      { heading: 'Terms', text: est.terms },
    ],
    footer: `${business.name} · Thank you for the opportunity`,
    signature: approvalBlock(est),
  };
}

/** The signed approval of the current version: the signature, the typed name, when (UTC) and from which address. */
function approvalBlock(est: Estimate): PdfDocumentModel['signature'] {
  const approval = est.responses.find((r) => r.kind === 'approved' && r.version === est.version);
  if (!approval) return null;
  return {
    heading: 'Approved and signed',
    drawing: approval.signature,
    lines: [
      `${approval.signerName ?? ''}`,
      `Signed ${formatDateTime(approval.createdAt)}${approval.ip ? ` from IP address ${approval.ip}` : ''}`,
      ...(approval.total ? [`Total approved: ${formatMoney(approval.total)}`] : []),
    ],
  };
}

/** The caller's estimate as { fileName, pdf }; another organization's is a 404. */
export function renderEstimatePdf(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ estimate: Estimate; fileName: string; pdf: Buffer }> {
  return getEstimate(db, ctx, id).then((estimate) => estimatePdf(db, estimate));
}

/** The estimate's PDF as its customer gets it: signed once approved. */
export async function estimatePdf(db: DbOrTx, estimate: Estimate): Promise<{ estimate: Estimate; fileName: string; pdf: Buffer }> {
  const business = await loadBusiness(db, estimate.organizationId);
  const [logo, customer] = await Promise.all([loadLogo(db, business), loadDocumentCustomer(db, estimate.organizationId, estimate.customerId)]);
  const pdf = await renderDocumentPdf(estimatePdfModel(estimate, business, logo, customer));
  return { estimate, fileName: pdfFileName('estimate', estimate.estimateNumber), pdf };
}
