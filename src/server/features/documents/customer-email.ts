// The HTML part of an organization's e-mail that carries no document (an appointment, a reminder, a portal
// link, a message from Messaging): one layout (adapters/mail/html-email.ts) under the organization's name and
// logo, its contact lines at the foot (docs/customer-emails.md).
import { renderHtmlEmail, type HtmlEmail } from '../../adapters/mail/html-email';
import type { DbOrTx } from '../../db/client';
import { logoUrl, signatureLines } from './document-mail';
import { loadBusiness, type Business } from './document-parties';

export type CustomerEmailContent = Pick<HtmlEmail, 'heading' | 'paragraphs' | 'summary' | 'button' | 'after'>;

/** The business's own page of the e-mail: its name, logo and contact lines around the content. */
export function renderCustomerEmail(business: Business, appUrl: string | undefined, content: CustomerEmailContent): string {
  return renderHtmlEmail({
    brand: { name: business.name, logoUrl: appUrl ? logoUrl(appUrl, business) : null },
    ...content,
    signature: signatureLines(business),
  });
}

/** Loads the organization, then renders; for callers that have not loaded it. */
export async function renderOrganizationEmail(db: DbOrTx, organizationId: number, appUrl: string | undefined, content: CustomerEmailContent): Promise<string> {
  return renderCustomerEmail(await loadBusiness(db, organizationId), appUrl, content);
}

/** A written text (a template, a message) as the layout's paragraphs: one per blank-line-separated block. */
export function textParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** A button that writes to the business, for e-mails with no page of their own to open; none without an address. */
export function writeToButton(business: Pick<Business, 'name' | 'email'>): HtmlEmail['button'] {
  const email = business.email?.trim();
  return email ? { label: `Contact ${business.name}`, url: `mailto:${email}` } : null;
}
