// The organization's API keys (docs/rules/public-api.md#api-keys): working ones first, newest first; q searches the name
// and the prefix.
import { asc, count, desc, ilike, or, sql } from 'drizzle-orm';
import type { ApiKey } from '../../../contracts/api-keys';
import type { ListQuery } from '../../../contracts/lists';
import type { DbOrTx } from '../../db/client';
import { apiKeys } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { selectApiKeys, toApiKey } from './api-key-view';

const SORTABLE = { name: apiKeys.name, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt };

export async function listApiKeys(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: ApiKey[]; total: number }> {
  const pattern = query.q ? likePattern(query.q) : null;
  const scope = tenantScope(ctx, query.organizationId);
  const search = pattern ? or(ilike(apiKeys.name, pattern), ilike(apiKeys.prefix, pattern)) : undefined;
  const { limit, offset } = page(query);
  const revokedLast = asc(sql`${apiKeys.revokedAt} is not null`);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      selectApiKeys(db, scope, search)
        .orderBy(...orderBy(query, SORTABLE, [revokedLast, desc(apiKeys.createdAt), desc(apiKeys.id)]))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(apiKeys).where(tenantWhere(scope, apiKeys, search)),
  );
  return { rows: rows.map(toApiKey), total: Number(totalRow?.total ?? 0) };
}
