// A signed portal link (DECISIONS.md "Customer portal"): a random token valid 30 days, of which only a hash is
// stored. Staff e-mail it from the customer's row; invoice e-mails include one.
import { and, eq, lt } from 'drizzle-orm';
import { PORTAL_LINK_DAYS, PORTAL_MESSAGES } from '../../../contracts/customer-portal';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { customers, portalTokens } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createPortalLink(db: DbOrTx, config: Config, organizationId: number, customerId: number): Promise<{ url: string; expiresAt: Date }> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.organizationId, organizationId)))
    .limit(1);
  if (!customer) throw notFound(PORTAL_MESSAGES.customerNotFound);
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PORTAL_LINK_DAYS * DAY_MS);
  // Expired links of this customer are dead weight; earlier valid links keep working until they expire.
  await db.delete(portalTokens).where(and(eq(portalTokens.organizationId, organizationId), eq(portalTokens.customerId, customerId), lt(portalTokens.expiresAt, now)));
  await db.insert(portalTokens).values({ organizationId, customerId, tokenHash: hashToken(token), expiresAt });
  return { url: `${config.appUrl}/customer-portal?token=${encodeURIComponent(token)}`, expiresAt };
}
