// E-mailing an estimate to its customer, with the PDF attached (docs/rules/records.md#document-emails).
import { rowsBeforeTotal } from '../documents/total-rows';
import { estimateLocked, type Estimate } from '../../../contracts/estimates';
import { formatDate } from '../../../contracts/format';
import { formatMoney } from '../../../contracts/money';
import { recordWord } from '../../../contracts/vocabulary';
import { renderHtmlEmail } from '../../adapters/mail/html-email';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderDocumentPdf } from '../../adapters/pdf/document-pdf';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { htmlItems, itemLines, logoUrl, recipientOf, sendDocumentEmail, signature, signatureLines } from '../documents/document-mail';
import { loadBusiness, loadDocumentCustomer, loadLogo, type Business, type DocumentCustomer } from '../documents/document-parties';
import { pdfFileName } from '../documents/invoice-pdf';
import { estimatePdfModel } from './estimate-pdf';
import { getEstimate } from './get-estimate';

/** Subject and plain text of the estimate e-mail: the items, the totals, the validity, the business's contact lines. */
type EstimateMail = { estimate: Estimate; business: Business; customer: DocumentCustomer; approvalUrl?: string | null };

export function buildEstimateEmail({ estimate, business, customer, approvalUrl }: EstimateMail): {
  subject: string;
  text: string;
} {
  // In the organization's words: "Treatment Plan EST-00003" for a healthcare practice (docs/customer-emails.md, Vocabulary).
  const word = recordWord(business.labels, 'estimates');
  const text = [
    `Hello ${customer.name},`,
    '',
    `Please find attached ${word.lower} ${estimate.estimateNumber} from ${business.name}: ${estimate.title}.`,
    '',
    `${word.title} number: ${estimate.estimateNumber}`,
    `${word.title} date: ${formatDate(estimate.createdAt)}`,
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
    ...(estimate.terms?.trim() ? ['', 'Terms:', estimate.terms.trim()] : []),
    '',
    ...(approvalUrl
      ? [`Review and approve it online (you can also decline or ask for changes): ${approvalUrl}`, '', 'Questions? Reply to this e-mail or give us a call.']
      : ['Questions or ready to go ahead? Reply to this e-mail or give us a call.']),
    '',
    signature(business),
  ].join('\n');
  return { subject: `${word.title} ${estimate.estimateNumber} from ${business.name}`, text };
}

/** The HTML part: the organization's name and logo, the items and amounts, and a reply button. */
export function buildEstimateHtml({ estimate, business, customer, approvalUrl }: EstimateMail, logo: string | null): string {
  const word = recordWord(business.labels, 'estimates');
  return renderHtmlEmail({
    brand: { name: business.name, logoUrl: logo },
    heading: `${word.title} ${estimate.estimateNumber}`,
    paragraphs: [
      `Hello ${customer.name},`,
      `Please find attached ${word.lower} ${estimate.estimateNumber} from ${business.name}: ${estimate.title}.`,
      ...(estimate.description?.trim() ? [estimate.description.trim()] : []),
    ],
    items: htmlItems(estimate.lineItems),
    summary: [
      { label: `${word.title} date`, value: formatDate(estimate.createdAt) },
      ...(estimate.validUntil ? [{ label: 'Valid until', value: formatDate(estimate.validUntil) }] : []),
      ...rowsBeforeTotal(estimate),
      { label: 'Total', value: formatMoney(estimate.total), strong: true },
    ],
    // Sent for approval, the button opens the quote page (docs/rules/quote-approval.md); otherwise it writes to the
    // business (the e-mail's Reply-To as well).
    button: approvalUrl
      ? { label: 'Review and approve', url: approvalUrl }
      : business.email
        ? { label: 'Reply to accept or ask a question', url: `mailto:${business.email}` }
        : null,
    after: [
      ...(estimate.notes?.trim() ? [estimate.notes.trim()] : []),
      ...(estimate.terms?.trim() ? [`Terms: ${estimate.terms.trim()}`] : []),
      approvalUrl ? 'Questions? Reply to this e-mail or give us a call.' : 'Questions or ready to go ahead? Reply to this e-mail or give us a call.',
    ],
    signature: signatureLines(business),
  });
}

/**
 * Sends the caller's estimate to the customer's e-mail address and records it in Messaging. Like an invoice,
 * what the customer receives is never a draft: the PDF shows the status the estimate has once sent, and the
 * draft turns sent in the transaction that records the delivery (docs/features.md, Documents and e-mails).
 */
export async function emailEstimate(deps: { db: Db; mailer: Mailer; config: Config }, ctx: RequestContext, id: number, approvalUrl?: string): Promise<void> {
  const { db } = deps;
  const found = await getEstimate(db, ctx, id);
  // A quote already sent for approval carries its page in every e-mail (docs/rules/quote-approval.md#sending).
  const link = approvalUrl ?? (found.approvalPath && !estimateLocked(found.status) ? `${deps.config.appUrl}${found.approvalPath}` : null);
  const estimate: Estimate = found.status === 'draft' ? { ...found, status: 'sent' } : found;
  const { customer, to } = recipientOf(await loadDocumentCustomer(db, estimate.organizationId, estimate.customerId));
  const business = await loadBusiness(db, estimate.organizationId);
  const pdf = await renderDocumentPdf(estimatePdfModel(estimate, business, await loadLogo(db, business), customer));
  const { subject, text } = buildEstimateEmail({ estimate, business, customer, approvalUrl: link });
  await sendDocumentEmail(
    deps,
    ctx,
    {
      organizationId: estimate.organizationId,
      to,
      subject,
      text,
      html: buildEstimateHtml({ estimate, business, customer, approvalUrl: link }, logoUrl(deps.config.appUrl, business)),
      fromName: business.name,
      replyTo: business.email,
      attachment: { filename: pdfFileName('estimate', estimate.estimateNumber), content: pdf },
      // The quote page's token lets its holder answer: staff reading Messaging see a mask (docs/security.md).
      secrets: link ? [link] : undefined,
    },
    (tx) => markSent(tx, found.organizationId, found.id),
  );
}

/** Delivered: a draft (or a quote reopened after changes were asked, or given a new date) now waits for the customer. */
export async function markSent(tx: Tx, organizationId: number, id: number): Promise<void> {
  await tx
    .update(estimates)
    .set({
      status: sql`case when ${estimates.status} in ('draft', 'changes_requested', 'expired') then 'sent' else ${estimates.status} end`,
      sentAt: new Date(),
    })
    .where(and(eq(estimates.id, id), eq(estimates.organizationId, organizationId)));
}
