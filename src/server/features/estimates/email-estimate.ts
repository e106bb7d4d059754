// E-mailing an estimate to its customer, with the PDF attached (part 1 section 7).
import type { Estimate } from '../../../contracts/estimates';
import { formatDate } from '../../../contracts/format';
import { formatMoney } from '../../../contracts/money';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderDocumentPdf } from '../../adapters/pdf/document-pdf';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { itemLines, recipientOf, sendDocumentEmail, signature } from '../documents/document-mail';
import { loadBusiness, loadDocumentCustomer, loadLogo, type Business, type DocumentCustomer } from '../documents/document-parties';
import { pdfFileName } from '../documents/invoice-pdf';
import { estimatePdfModel } from './estimate-pdf';
import { getEstimate } from './get-estimate';

/** Subject and plain text of the estimate e-mail: the items, the totals, the validity, the business's contact lines. */
export function buildEstimateEmail({ estimate, business, customer }: { estimate: Estimate; business: Business; customer: DocumentCustomer }): {
  subject: string;
  text: string;
} {
  const text = [
    `Hello ${customer.name},`,
    '',
    `Please find attached estimate ${estimate.estimateNumber} from ${business.name}: ${estimate.title}.`,
    '',
    `Estimate number: ${estimate.estimateNumber}`,
    `Estimate date: ${formatDate(estimate.createdAt)}`,
    ...(estimate.validUntil ? [`Valid until: ${formatDate(estimate.validUntil)}`] : []),
    ...(estimate.description?.trim() ? ['', estimate.description.trim()] : []),
    '',
    'Items:',
    ...itemLines(estimate.lineItems),
    '',
    `Subtotal: ${formatMoney(estimate.subtotal)}`,
    `Tax: ${formatMoney(estimate.tax)}`,
    `Total: ${formatMoney(estimate.total)}`,
    ...(estimate.notes?.trim() ? ['', 'Notes:', estimate.notes.trim()] : []),
    '',
    'Questions or ready to go ahead? Reply to this e-mail or give us a call.',
    '',
    signature(business),
  ].join('\n');
  return { subject: `Estimate ${estimate.estimateNumber} from ${business.name}`, text };
}

/** Sends the caller's estimate to the customer's e-mail address and records it in Messaging. */
export async function emailEstimate(deps: { db: Db; mailer: Mailer }, ctx: RequestContext, id: number): Promise<void> {
  const { db } = deps;
  const estimate = await getEstimate(db, ctx, id);
  const { customer, to } = recipientOf(await loadDocumentCustomer(db, estimate.organizationId, estimate.customerId));
  const business = await loadBusiness(db, estimate.organizationId);
  const pdf = await renderDocumentPdf(estimatePdfModel(estimate, business, await loadLogo(db, business), customer));
  const { subject, text } = buildEstimateEmail({ estimate, business, customer });
  await sendDocumentEmail(deps, ctx, {
    organizationId: estimate.organizationId,
    to,
    subject,
    text,
    replyTo: business.email,
    attachment: { filename: pdfFileName('estimate', estimate.estimateNumber), content: pdf },
  });
}
