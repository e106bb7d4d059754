// Revoking an API key (docs/rules/public-api.md#revoking): it stops working on the very next call, on every instance
// (the guard reads the key on every call). Revoking a revoked key answers it unchanged.
import { eq, isNull } from 'drizzle-orm';
import type { ApiKey } from '../../../contracts/api-keys';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { findApiKey } from './api-key-view';

export async function revokeApiKey(db: Db, ctx: RequestContext, id: number): Promise<ApiKey> {
  const scope = tenantScope(ctx);
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date(), revokedBy: (ctx.originalUser ?? ctx.user).id })
      .where(tenantWhere(scope, apiKeys, eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, organizationId: apiKeys.organizationId, name: apiKeys.name, prefix: apiKeys.prefix });
    if (revoked) {
      await writeAudit(tx, ctx, {
        action: 'api_key.revoke',
        entityType: 'api_key',
        entityId: revoked.id,
        organizationId: revoked.organizationId,
        details: { name: revoked.name, prefix: revoked.prefix },
      });
    }
  });
  const key = await findApiKey(db, scope, id);
  if (!key) throw notFound('API key not found');
  return key;
}
