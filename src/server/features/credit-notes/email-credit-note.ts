// E-mailing a credit note to its customer, with the PDF attached, recorded in Messaging like an invoice e-mail.
import { rowsBeforeTotal } from '../documents/total-rows';
import { formatDate } from '../../../contracts/format';
import { formatMoney } from '../../../contracts/money';
import { renderHtmlEmail } from '../../adapters/mail/html-email';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { htmlItems, itemLines, logoUrl, recipientOf, sendDocumentEmail, signature, signatureLines } from '../documents/document-mail';
import { renderCreditNotePdf } from './credit-note-pdf';
import { loadBusiness, loadDocumentCustomer } from '../documents/document-parties';

export async function emailCreditNote(deps: { db: Db; mailer: Mailer; config: Config }, ctx: RequestContext, id: number): Promise<void> {
  const { db } = deps;
  const { note, fileName, pdf } = await renderCreditNotePdf(db, ctx, id);
  const { customer, to } = recipientOf(await loadDocumentCustomer(db, note.organizationId, note.customerId));
  const business = await loadBusiness(db, note.organizationId);
  const intro = `Please find attached credit note ${note.creditNoteNumber} from ${business.name}, crediting ${formatMoney(note.total)} on invoice ${note.invoiceNumber}.`;
  const text = [
    `Hello ${customer.name},`,
    '',
    intro,
    '',
    `Credit note number: ${note.creditNoteNumber}`,
    `Date: ${formatDate(note.createdAt)}`,
    `Reason: ${note.reason}`,
    '',
    'Items:',
    ...itemLines(note.lineItems),
    '',
    `Subtotal: ${formatMoney(note.subtotal)}`,
    `Tax: ${formatMoney(note.tax)}`,
    `Total credited: ${formatMoney(note.total)}`,
    '',
    signature(business),
  ].join('\n');
  const html = renderHtmlEmail({
    brand: { name: business.name, logoUrl: logoUrl(deps.config.appUrl, business) },
    heading: `Credit note ${note.creditNoteNumber}`,
    paragraphs: [`Hello ${customer.name},`, intro],
    items: htmlItems(note.lineItems),
    summary: [
      { label: 'Date', value: formatDate(note.createdAt) },
      { label: 'For invoice', value: note.invoiceNumber },
      ...rowsBeforeTotal(note),
      { label: 'Total credited', value: formatMoney(note.total), strong: true },
    ],
    button: null,
    after: [`Reason: ${note.reason}`],
    signature: signatureLines(business),
  });
  await sendDocumentEmail(deps, ctx, {
    organizationId: note.organizationId,
    to,
    subject: `Credit note ${note.creditNoteNumber} from ${business.name}`,
    text,
    html,
    fromName: business.name,
    replyTo: business.email,
    attachment: { filename: fileName, content: pdf },
  });
}
