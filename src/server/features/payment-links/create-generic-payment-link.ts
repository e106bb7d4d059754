// The organization's generic link (any amount, no invoice): the open one is handed out again, else a new one.
// Staff and customers get their own organization's; a signed-out visitor gets the link of an organization with a
// public home page (its slug), which is what that page's Pay Now asks for (docs/features.md, Payment links).
import { and, desc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { PAYMENT_LINK_MESSAGES, type PaymentLink } from '../../../contracts/payment-links';
import type { DbOrTx } from '../../db/client';
import { organizations, paymentLinks } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { expiryFrom, newLinkId, toPaymentLinkResponse } from './payment-link-response';

export async function createGenericPaymentLink(
  db: DbOrTx,
  ctx: RequestContext | null,
  appUrl: string,
  input: { organizationId: number; expiresInDays?: number },
): Promise<{ link: PaymentLink; created: boolean }> {
  if (ctx && !ctx.isSuperUser && ctx.organizationId === null) {
    throw invalid(PAYMENT_LINK_MESSAGES.needsOrganization, [{ path: 'organizationId', message: PAYMENT_LINK_MESSAGES.needsOrganization }]);
  }
  // Another organization's id behaves like one that does not exist.
  if (ctx && !ctx.isSuperUser && ctx.organizationId !== input.organizationId) throw notFound(PAYMENT_LINK_MESSAGES.organizationNotFound);
  // A visitor does not choose how long the shared link lives: the default applies to a new one.
  const expiresInDays = ctx ? input.expiresInDays : undefined;

  return db.transaction(async (tx) => {
    // Locking the organization row makes concurrent Pay Now clicks share one link.
    const [org] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.id, input.organizationId), ctx ? undefined : isNotNull(organizations.slug)))
      .for('update');
    if (!org) throw notFound(PAYMENT_LINK_MESSAGES.organizationNotFound);
    const now = new Date();
    const [open] = await tx
      .select()
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.organizationId, org.id),
          isNull(paymentLinks.invoiceId),
          isNull(paymentLinks.amount),
          eq(paymentLinks.status, 'active'),
          or(isNull(paymentLinks.expiresAt), gt(paymentLinks.expiresAt, now)),
        ),
      )
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(1);
    if (open) return { link: toPaymentLinkResponse(open, null, appUrl, now), created: false };
    const [row] = await tx
      .insert(paymentLinks)
      .values({ organizationId: org.id, invoiceId: null, linkId: newLinkId(), amount: null, description: null, status: 'active', expiresAt: expiryFrom(now, expiresInDays) })
      .returning();
    return { link: toPaymentLinkResponse(row, null, appUrl, now), created: true };
  });
}
