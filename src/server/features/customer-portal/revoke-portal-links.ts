// Revoking portal links (docs/customer-portal.md, Portal links): a link handed out for 30 days must not outlive the
// reason it was given. revoked_at is set, never cleared, so turning access on again or reactivating the staff
// member does not revive an old link; the holder of a revoked link sees the invalid-link message.
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { PORTAL_MESSAGES, type RevokePortalLinksResponse } from '../../../contracts/customer-portal';
import type { Db, DbOrTx } from '../../db/client';
import { customers, portalTokens } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';

/** Whose links: one customer's (access turned off, the explicit action), or those a staff member handed out. */
export type PortalLinkOwner = { organizationId: number; customerId: number } | { createdByUserId: number };

/** Revokes the live (unexpired, unrevoked) links; answers how many. Run it in the transaction of the change that causes it. */
export async function revokePortalLinks(db: DbOrTx, owner: PortalLinkOwner): Promise<number> {
  const now = new Date();
  const whose: SQL | undefined =
    'createdByUserId' in owner
      ? eq(portalTokens.createdByUserId, owner.createdByUserId)
      : and(eq(portalTokens.organizationId, owner.organizationId), eq(portalTokens.customerId, owner.customerId));
  const rows = await db
    .update(portalTokens)
    .set({ revokedAt: now })
    .where(and(whose, isNull(portalTokens.revokedAt), gt(portalTokens.expiresAt, now)))
    .returning({ id: portalTokens.id });
  return rows.length;
}

/** Staff's "Revoke portal links" on a customer's row: every live link of the customer stops working, audited. */
export async function revokeCustomerPortalLinks(db: Db, ctx: RequestContext, customerId: number): Promise<RevokePortalLinksResponse> {
  return db.transaction(async (tx) => {
    // Locked like createPortalLink's shared lock, so a link being written right now is either revoked here or not yet begun.
    const [customer] = await tx
      .select({ id: customers.id, organizationId: customers.organizationId })
      .from(customers)
      .where(tenantWhere(tenantScope(ctx), customers, eq(customers.id, customerId)))
      .limit(1)
      .for('update');
    if (!customer) throw notFound(PORTAL_MESSAGES.customerNotFound);
    const revoked = await revokePortalLinks(tx, { organizationId: customer.organizationId, customerId: customer.id });
    await writeAudit(tx, ctx, {
      action: 'customer.portal_links_revoked',
      entityType: 'customer',
      entityId: customer.id,
      organizationId: customer.organizationId,
      details: { revoked },
    });
    return { revoked };
  });
}
