// E-mails an invoice the system issued (a recurring period, an auto-pay receipt or its decline) to the customer, with its
// PDF and a way to pay: the portal (a link created by no one, docs/rules/customer-portal.md#portal-links) or, without
// portal access, the invoice's payment link.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderDocumentPdf } from '../../adapters/pdf/document-pdf';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import { createPortalLink } from '../documents/create-portal-link';
import { loadBusiness, loadDocumentCustomer, loadLogo } from '../documents/document-parties';
import { logoUrl } from '../documents/document-mail';
import { getOrganizationInvoice } from '../documents/get-invoice';
import { invoicePdfModel, pdfFileName } from '../documents/invoice-pdf';
import { buildInvoiceEmail, buildInvoiceHtml } from '../invoices/email-invoice';
import { openInvoicePaymentLink } from '../payment-links/create-invoice-payment-link';

export interface IssuedInvoiceMail {
  /** A first paragraph of its own (why this e-mail), before the invoice's usual text. */
  lead?: string;
  subject?: string;
}

export type MailOutcome = { sent: true; to: string } | { sent: false; why: string };

export async function mailIssuedInvoice(
  deps: { db: Db; mailer: Pick<Mailer, 'send'>; config: Pick<Config, 'appUrl'> },
  organizationId: number,
  invoiceId: number,
  extra: IssuedInvoiceMail = {},
): Promise<MailOutcome> {
  const { db } = deps;
  const invoice = await getOrganizationInvoice(db, organizationId, invoiceId);
  const customer = await loadDocumentCustomer(db, organizationId, invoice.customerId);
  const to = customer?.email?.trim();
  if (!customer || !to) return { sent: false, why: 'The customer has no e-mail address' };
  const [access] = await db
    .select({ portal: customers.portalAccessEnabled })
    .from(customers)
    .where(and(eq(customers.organizationId, organizationId), eq(customers.id, invoice.customerId)));
  const owed = invoice.balanceDue !== '0.00';
  const payUrl = !owed
    ? null
    : access?.portal
      ? (await createPortalLink(db, deps.config, { organizationId, customerId: invoice.customerId, createdByUserId: null })).url
      : (await openInvoicePaymentLink(db, organizationId, invoiceId, deps.config.appUrl)).link.paymentUrl;
  const business = await loadBusiness(db, organizationId);
  const pdf = await renderDocumentPdf(invoicePdfModel(invoice, business, await loadLogo(db, business), customer));
  const input = { invoice, business, customer, portalUrl: payUrl, lead: extra.lead };
  const built = buildInvoiceEmail(input);
  const result = await deps.mailer.send({
    to,
    subject: extra.subject ?? built.subject,
    text: built.text,
    html: buildInvoiceHtml(input, logoUrl(deps.config.appUrl, business)),
    organizationId,
    fromName: business.name,
    replyTo: business.email ?? undefined,
    attachments: [{ filename: pdfFileName('invoice', invoice.invoiceNumber), content: pdf, contentType: 'application/pdf' }],
    secrets: payUrl ? [payUrl] : undefined,
  });
  return result.status === 'failed' ? { sent: false, why: result.error || 'Delivery failed' } : { sent: true, to };
}
