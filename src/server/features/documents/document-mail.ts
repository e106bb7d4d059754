// Sending a document by e-mail: the mailer (outbox or SMTP) plus a sent row in `messages`, so the
// e-mail shows in Messaging with its delivery outcome.
import { sendRecordedEmail } from '../messaging/send-recorded-email';
import { deliveryFailure } from '../../adapters/delivery-failure';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db, Tx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { formatPhone } from '../../../contracts/format';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import { cityLine, formatQuantity, type Business, type DocumentCustomer } from './document-parties';

/** The customer's address, or the documented errors (docs/rules/records.md#document-emails): 404 'Customer not found', 400 'Customer has no email address'. */
export function recipientOf(customer: DocumentCustomer | null): { customer: DocumentCustomer; to: string } {
  if (!customer) throw notFound('Customer not found');
  const to = customer.email?.trim();
  if (!to) throw invalid('Customer has no email address', [{ path: 'email', message: 'Customer has no email address' }]);
  return { customer, to };
}

/** The business's contact lines closing every document e-mail: name, phone, e-mail, address, website. */
export function signature(b: Business): string {
  return [b.name, b.phone ? formatPhone(b.phone) : null, b.email, b.address, cityLine(b), b.website]
    .map((s) => s?.trim() ?? '')
    .filter((s) => s.length > 0)
    .join('\n');
}

/** "- Labor: 2 × $50.00 = $100.00" per line. */
export function itemLines(lines: { description: string; quantity: string; rate: string; amount: string }[]): string[] {
  if (lines.length === 0) return ['(no line items)'];
  return lines.map((l) => `- ${l.description.replace(/\s+/g, ' ').trim()}: ${formatQuantity(l.quantity)} × ${formatMoney(l.rate)} = ${formatMoney(l.amount)}`);
}

/** Line items for the HTML part: the description, "2 × $50.00" and the amount. */
export function htmlItems(lines: { description: string; quantity: string; rate: string; amount: string; discount?: string }[]) {
  // A discounted line shows its discount and the amount after it, which is what the subtotal adds.
  return lines.map((l) => {
    const discount = toCents(l.discount ?? 0);
    return {
      description: l.description.replace(/\s+/g, ' ').trim(),
      detail: `${formatQuantity(l.quantity)} × ${formatMoney(l.rate)}${discount > 0 ? `, less ${formatMoney(l.discount)}` : ''}`,
      amount: formatMoney(fromCents(toCents(l.amount) - discount)),
    };
  });
}

/**
 * The organization's logo in an e-mail: its public address on this installation (/uploads/{id}, served to
 * anyone, see organizations.routes.ts), so the only image is the app's own; none for a logo stored elsewhere.
 */
export function logoUrl(appUrl: string, business: Business): string | null {
  const path = business.logo ?? '';
  return /^\/uploads\/\d{1,10}(?:\/[^\s"'<>]*)?$/.test(path) ? `${appUrl.replace(/\/+$/, '')}${path}` : null;
}

/** The signature's lines, for the HTML part's foot. */
export function signatureLines(b: Business): string[] {
  return signature(b).split('\n');
}

export async function sendDocumentEmail(
  deps: { db: Db; mailer: Mailer },
  ctx: RequestContext,
  mail: {
    organizationId: number;
    to: string;
    subject: string;
    text: string;
    /** The HTML part beside the text. */
    html?: string;
    /** The sender's display name: the organization's name. */
    fromName?: string;
    replyTo?: string | null;
    attachment: { filename: string; content: Buffer };
    /** Substrings only the customer may read (a portal link); see sendRecordedEmail. */
    secrets?: string[];
  },
  /** Writes that belong to a delivered e-mail (a draft becoming sent), in the transaction that records it. */
  onDelivered?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const delivery = await sendRecordedEmail(
    deps,
    ctx,
    {
      organizationId: mail.organizationId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      fromName: mail.fromName,
      replyTo: mail.replyTo ?? null,
      attachments: [{ filename: mail.attachment.filename, content: mail.attachment.content, contentType: 'application/pdf' }],
      secrets: mail.secrets,
    },
    async (tx, outcome) => {
      if (outcome.sent) await onDelivered?.(tx);
    },
  );
  // Recorded in Messaging as a failed delivery (to send again from there); the answer says which failure it was.
  if (delivery.status === 'failed') throw deliveryFailure('email', delivery);
}
