// An API key as lists show it (docs/rules/public-api.md#api-keys): never its secret or its hash.
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiKey } from '../../../contracts/api-keys';
import type { DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

const creator = alias(users, 'api_key_creator');
const revoker = alias(users, 'api_key_revoker');

type UserRow = typeof users.$inferSelect;

const personOf = (u: UserRow | null) =>
  u ? { id: u.id, name: [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email } : null;

/** Keys in the scope matching the conditions, with their creator and revoker: a page of a list or one key. */
export function selectApiKeys(db: DbOrTx, scope: TenantScope, ...conditions: (SQL | undefined)[]) {
  return db
    .select({ key: apiKeys, creator, revoker })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.id, apiKeys.createdBy))
    .leftJoin(revoker, eq(revoker.id, apiKeys.revokedBy))
    .where(tenantWhere(scope, apiKeys, ...conditions))
    .$dynamic();
}

/** One key of the scope, or undefined. */
export async function findApiKey(db: DbOrTx, scope: TenantScope, id: number): Promise<ApiKey | undefined> {
  const [row] = await selectApiKeys(db, scope, eq(apiKeys.id, id)).limit(1);
  return row ? toApiKey(row) : undefined;
}

export function toApiKey(row: { key: typeof apiKeys.$inferSelect; creator: UserRow | null; revoker: UserRow | null }): ApiKey {
  const { key } = row;
  // The guard refuses a key whose creator cannot act in its organization (platform/api-key-auth.ts): lists say so.
  const creatorActs = !!row.creator && row.creator.isActive && row.creator.organizationId === key.organizationId;
  return {
    id: key.id,
    organizationId: key.organizationId,
    name: key.name,
    prefix: key.prefix,
    permissions: key.permissions,
    status: key.revokedAt ? 'revoked' : creatorActs ? 'active' : 'creator_inactive',
    createdBy: personOf(row.creator),
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: key.lastUsedIp,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    revokedBy: personOf(row.revoker),
  };
}
