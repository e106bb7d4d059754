// Creating an API key (docs/rules/public-api.md#api-keys): the secret is answered once; only its SHA-256 and its first
// characters are stored. The key acts as the admin who creates it, so only a member of the organization, acting as
// themself, may create one (docs/decisions/035-api-keys-and-webhooks.md).
import { and, count, eq, isNull } from 'drizzle-orm';
import type { CreateApiKey, CreatedApiKey } from '../../../contracts/api-keys';
import type { Db } from '../../db/client';
import { apiKeys, organizations } from '../../db/schema/index';
import { newApiKeySecret } from '../../platform/api-key-auth';
import type { RequestContext } from '../../platform/context';
import { conflict, fieldInvalid, forbidden, notFound } from '../../platform/errors';
import { tenantScopeForWrite } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { findApiKey } from './api-key-view';

/** Working (unrevoked) keys one organization may hold: docs/rules/public-api.md#key-limits. */
export const MAX_ACTIVE_API_KEYS = 50;

export const CREATE_API_KEY_MESSAGES = {
  notMember: 'Only a member of the organization can create its API keys: a key acts as the person who created it',
  impersonating: 'API keys cannot be created while impersonating: a key would act as the impersonated user',
  notHeld: 'You can only give a key permissions you hold yourself',
  tooMany: `An organization keeps at most ${MAX_ACTIVE_API_KEYS} working API keys: revoke one you no longer use`,
} as const;

export async function createApiKey(db: Db, ctx: RequestContext, input: CreateApiKey): Promise<CreatedApiKey> {
  if (ctx.originalUser) throw forbidden(CREATE_API_KEY_MESSAGES.impersonating);
  if (ctx.user.organizationId === null || ctx.isSuperUser) throw forbidden(CREATE_API_KEY_MESSAGES.notMember);
  const scope = tenantScopeForWrite(ctx);
  const { organizationId } = scope;
  if (!input.permissions.every((p) => ctx.permissions.has(p))) throw fieldInvalid('permissions', CREATE_API_KEY_MESSAGES.notHeld);

  const { secret, prefix, secretHash } = newApiKeySecret();
  const id = await db.transaction(async (tx) => {
    // The organization row's lock serializes creators, so the count below cannot be passed by two at once.
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!org) throw notFound('Organization not found');
    const [working] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)));
    if (Number(working?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw conflict(CREATE_API_KEY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(apiKeys)
      .values({ organizationId, name: input.name, prefix, secretHash, permissions: input.permissions, createdBy: ctx.user.id })
      .returning({ id: apiKeys.id });
    await writeAudit(tx, ctx, {
      action: 'api_key.create',
      entityType: 'api_key',
      entityId: row.id,
      organizationId,
      details: { name: input.name, prefix, permissions: input.permissions },
    });
    return row.id;
  });
  const apiKey = await findApiKey(db, scope, id);
  if (!apiKey) throw notFound('API key not found');
  return { apiKey, secret };
}
