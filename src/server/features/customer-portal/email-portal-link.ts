// Staff's "Email portal link" on a customer's row: a new 30-day link sent to the customer's e-mail address.
import { eq } from 'drizzle-orm';
import { PORTAL_LINK_DAYS, PORTAL_MESSAGES, type PortalLinkResponse } from '../../../contracts/customer-portal';
import { deliveryFailure } from '../../adapters/delivery-failure';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { customers, organizations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { createPortalLink } from '../documents/create-portal-link';
import { renderCustomerEmail } from '../documents/customer-email';
import { loadBusiness } from '../documents/document-parties';

export async function emailPortalLink(deps: { db: Db; config: Config; mailer: Mailer }, ctx: RequestContext, customerId: number): Promise<PortalLinkResponse> {
  const { db } = deps;
  const [row] = await db
    .select({ customer: customers, organizationName: organizations.name })
    .from(customers)
    .innerJoin(organizations, eq(organizations.id, customers.organizationId))
    .where(tenantWhere(tenantScope(ctx), customers, eq(customers.id, customerId)))
    .limit(1);
  if (!row) throw notFound(PORTAL_MESSAGES.customerNotFound);
  const { customer, organizationName } = row;
  // A link that answers "not enabled" would only confuse the customer.
  if (!customer.portalAccessEnabled) {
    throw invalid(PORTAL_MESSAGES.accessDisabled, [{ path: 'portalAccessEnabled', message: PORTAL_MESSAGES.accessDisabled }]);
  }
  const to = customer.email?.trim();
  if (!to) throw invalid(PORTAL_MESSAGES.noEmail, [{ path: 'email', message: PORTAL_MESSAGES.noEmail }]);

  // The sender is the link's creator: deactivating them revokes it (docs/customer-portal.md, Portal links).
  const link = await createPortalLink(db, deps.config, { organizationId: customer.organizationId, customerId: customer.id, createdByUserId: ctx.user.id });
  // A link opens the customer's invoices and payments to whoever holds it: who handed one out is kept.
  await writeAudit(db, ctx, {
    action: 'customer.portal_link_sent',
    entityType: 'customer',
    entityId: customer.id,
    organizationId: customer.organizationId,
    details: { emailedTo: to, expiresAt: link.expiresAt.toISOString() },
  });
  const business = await loadBusiness(db, customer.organizationId);
  // The organization's word for its invoices ("medical bills"; docs/customer-emails.md, Vocabulary).
  const bills = business.labels.invoices.toLowerCase();
  const invitation = `${organizationName} has invited you to its customer portal, where you can see your ${bills} and payment history, download ${bills}, pay online and save a card.`;
  const validity = `This link is personal to you and valid for ${PORTAL_LINK_DAYS} days.`;
  const result = await deps.mailer.send({
    to,
    subject: `Your customer portal at ${organizationName}`,
    text: [`Hello ${customer.name},`, '', invitation, '', link.url, '', validity, '', organizationName].join('\n'),
    html: renderCustomerEmail(business, deps.config.appUrl, {
      heading: 'Your customer portal',
      paragraphs: [`Hello ${customer.name},`, invitation],
      button: { label: 'Open your customer portal', url: link.url },
      after: [validity],
    }),
    organizationId: customer.organizationId,
    // From the organization by name, and replies reach it (docs/features.md, Documents and e-mails).
    fromName: organizationName,
    replyTo: business.email?.trim() || undefined,
    // The link opens the customer's portal: delivered whole, never kept readable (docs/security.md).
    secrets: [link.url],
  });
  if (result.status === 'failed') throw deliveryFailure('email', result);
  // Staff learn where the link went, never the link itself (it lets its holder pay as the customer).
  return { expiresAt: link.expiresAt.toISOString(), emailedTo: to };
}
