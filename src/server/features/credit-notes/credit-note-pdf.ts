// The credit note as a PDF: the record mapped to the generic document model of adapters/pdf.
import type { CreditNote } from '../../../contracts/credit-notes';
import { pricedLineText, rowsAfterTotal, rowsBeforeTotal } from '../documents/total-rows';
import { formatDate } from '../../../contracts/format';
import { formatMoney } from '../../../contracts/money';
import { renderDocumentPdf, type PdfDocumentModel } from '../../adapters/pdf/document-pdf';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { businessLines, customerLines, formatQuantity, loadBusiness, loadDocumentCustomer, loadLogo, type Business, type DocumentCustomer } from '../documents/document-parties';
import { pdfFileName } from '../documents/invoice-pdf';
import { getCreditNote } from './get-credit-note';

export function creditNotePdfModel(note: CreditNote, business: Business, logo: Buffer | null, customer: DocumentCustomer | null): PdfDocumentModel {
  return {
    title: 'CREDIT NOTE',
    number: note.creditNoteNumber,
    issuer: { name: business.name, logo, lines: businessLines(business) },
    recipient: { heading: 'Credit to', name: customer?.name ?? note.customerName ?? '-', lines: customerLines(customer) },
    details: [
      { label: 'Date', value: formatDate(note.createdAt) },
      { label: 'For invoice', value: note.invoiceNumber },
    ],
    lineItems: note.lineItems.map((l) => ({ ...pricedLineText(l), quantity: formatQuantity(l.quantity), rate: formatMoney(l.rate) })),
    totals: [
      ...rowsBeforeTotal(note),
      { label: 'Total credited', value: formatMoney(note.total), strong: true, highlight: true },
      ...rowsAfterTotal(note),
    ],
    sections: [{ heading: 'Reason', text: note.reason }],
    footer: `${business.name} · Credits invoice ${note.invoiceNumber}`,
  };
}

/** The caller's credit note as { fileName, pdf }; another organization's is a 404. */
export async function renderCreditNotePdf(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ note: CreditNote; fileName: string; pdf: Buffer }> {
  const note = await getCreditNote(db, ctx, id);
  const business = await loadBusiness(db, note.organizationId);
  const [logo, customer] = await Promise.all([loadLogo(db, business), loadDocumentCustomer(db, note.organizationId, note.customerId)]);
  const pdf = await renderDocumentPdf(creditNotePdfModel(note, business, logo, customer));
  return { note, fileName: pdfFileName('credit-note', note.creditNoteNumber), pdf };
}
