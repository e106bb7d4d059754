// A signed portal link (docs/rules/customer-portal.md#portal-links): a random token valid 30 days, of which only a hash is
// stored. Staff e-mail it from the customer's row; invoice e-mails include one. Each link records who handed it
// out, so it can be revoked with them (docs/customer-portal.md, Portal links).
import { and, eq, lt } from 'drizzle-orm';
import { PORTAL_LINK_DAYS, PORTAL_MESSAGES, portalLinkUrl } from '../../../contracts/customer-portal';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { customers, portalTokens, users } from '../../db/schema/index';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PortalLinkFor {
  organizationId: number;
  customerId: number;
  /** The staff member handing the link out (the sender of an invoice e-mail included); null only for the system. */
  createdByUserId: number | null;
}

export interface PortalLink {
  /** `{APP_URL}/customer-portal#token=...`: the token in the fragment never reaches a server's request log. */
  url: string;
  token: string;
  expiresAt: Date;
}

export async function createPortalLink(db: DbOrTx, config: Pick<Config, 'appUrl'>, link: PortalLinkFor): Promise<PortalLink> {
  const { organizationId, customerId, createdByUserId } = link;
  return db.transaction(async (tx) => {
    // Shared row locks: turning portal access off, or deactivating the creator, waits for this link to be written
    // and then revokes it; a link started after either sees the change and is refused. No link outlives them.
    const [customer] = await tx
      .select({ id: customers.id, portalAccessEnabled: customers.portalAccessEnabled })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.organizationId, organizationId)))
      .limit(1)
      .for('share');
    if (!customer) throw notFound(PORTAL_MESSAGES.customerNotFound);
    if (!customer.portalAccessEnabled) {
      throw invalid(PORTAL_MESSAGES.accessDisabled, [{ path: 'portalAccessEnabled', message: PORTAL_MESSAGES.accessDisabled }]);
    }
    if (createdByUserId !== null) {
      const [creator] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, createdByUserId)).limit(1).for('share');
      if (!creator?.isActive) throw forbidden('Account is disabled');
    }
    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + PORTAL_LINK_DAYS * DAY_MS);
    // Expired links of this customer are dead weight; earlier valid links keep working until they expire or are revoked.
    await tx.delete(portalTokens).where(and(eq(portalTokens.organizationId, organizationId), eq(portalTokens.customerId, customerId), lt(portalTokens.expiresAt, now)));
    await tx.insert(portalTokens).values({ organizationId, customerId, tokenHash: hashToken(token), expiresAt, createdByUserId });
    return { url: portalLinkUrl(config.appUrl, token), token, expiresAt };
  });
}
