// Which organization a scheduling call is about, and that it exists (a super user may name any).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid } from '../../platform/errors';

/** The caller's organization; a super user's chosen one (or their own); null when there is none. */
export function organizationInScope(ctx: RequestContext, requested?: number | null): number | null {
  if (ctx.isSuperUser) return requested ?? ctx.organizationId;
  return ctx.organizationId;
}

/** Only a super user can name an organization that does not exist. */
export async function ensureOrganization(db: DbOrTx, ctx: RequestContext, organizationId: number): Promise<void> {
  if (!ctx.isSuperUser) return;
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org) throw invalid('organizationId: Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
}
