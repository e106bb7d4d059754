// The job sheet as a PDF (docs/rules/team.md#sign-off): the job, its crew, its lines and, once the customer has
// signed on site, their signature, name and time. The generic document model of adapters/pdf.
import { formatDate, formatDateTime, statusLabel } from '../../../contracts/format';
import { formatMoney } from '../../../contracts/money';
import { recordWord } from '../../../contracts/vocabulary';
import type { WorkOrder } from '../../../contracts/work-orders';
import { renderDocumentPdf, type PdfDocumentModel } from '../../adapters/pdf/document-pdf';
import type { ObjectStore } from '../../adapters/file-store/file-store';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { businessLines, customerLines, formatQuantity, loadBusiness, loadDocumentCustomer, loadLogo, type Business, type DocumentCustomer } from '../documents/document-parties';
import { pdfFileName } from '../documents/invoice-pdf';
import { getWorkOrder } from './get-work-order';
import { checklistPdfBlocks } from '../checklists/checklist-pdf';

export function workOrderPdfModel(wo: WorkOrder, business: Business, logo: Buffer | null, customer: DocumentCustomer | null): PdfDocumentModel {
  // The organization's word for a job ("SERVICE JOB", "PROCEDURE"; docs/customer-emails.md, Vocabulary).
  const word = recordWord(business.labels, 'workOrders');
  return {
    title: word.title.toUpperCase(),
    number: wo.orderNumber,
    subject: wo.title,
    summary: wo.description,
    issuer: { name: business.name, logo, lines: businessLines(business) },
    recipient: { heading: 'Customer', name: customer?.name ?? wo.customerName ?? '-', lines: customerLines(customer) },
    details: [
      { label: 'Status', value: statusLabel(wo.status) },
      { label: 'Start', value: formatDate(wo.startDate, 'Not set') },
      { label: 'Due', value: formatDate(wo.dueDate, 'Not set') },
      ...(wo.completedDate ? [{ label: 'Completed', value: formatDate(wo.completedDate) }] : []),
      { label: 'Crew', value: wo.assignees.map((a) => a.name).join(', ') || 'Unassigned' },
    ],
    lineItems: wo.lineItems.map((l) => ({ description: l.description, quantity: formatQuantity(l.quantity), rate: formatMoney(l.rate), amount: formatMoney(l.amount) })),
    totals: [{ label: 'Total', value: formatMoney(wo.totalCost), highlight: true }],
    sections: [],
    footer: `${business.name} · Thank you for your business`,
    signature: wo.signOff
      ? {
          heading: 'Work accepted by the customer',
          drawing: wo.signOff.signature,
          lines: [wo.signOff.signerName, `Signed ${formatDateTime(wo.signOff.signedAt)} on ${wo.signOff.takenByName}'s device`],
        }
      : null,
  };
}

/** The caller's job as { fileName, pdf }; another organization's is a 404. */
export async function renderWorkOrderPdf(db: DbOrTx, store: ObjectStore | null, ctx: RequestContext, id: number): Promise<{ fileName: string; pdf: Buffer }> {
  const wo = await getWorkOrder(db, ctx, id);
  const business = await loadBusiness(db, wo.organizationId);
  const [logo, customer, checklists] = await Promise.all([loadLogo(db, business), loadDocumentCustomer(db, wo.organizationId, wo.customerId), checklistPdfBlocks(db, store, wo, wo.checklists ?? [])]);
  // The checklists filled in on site print before the customer's sign-off (docs/rules/team.md#checklists).
  const pdf = await renderDocumentPdf({ ...workOrderPdfModel(wo, business, logo, customer), checklists });
  return { fileName: pdfFileName('work-order', wo.orderNumber), pdf };
}
