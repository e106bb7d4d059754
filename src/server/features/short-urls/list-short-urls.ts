// The organization's short URLs, newest first; q searches title, target and code.
import { and, count, desc, ilike, or } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { ShortUrl } from '../../../contracts/short-urls';
import type { DbOrTx } from '../../db/client';
import { shortUrls } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toShortUrlResponse } from './short-url-response';

const SORTABLE = {
  createdAt: shortUrls.createdAt,
  title: shortUrls.title,
  clicks: shortUrls.clicks,
  shortCode: shortUrls.shortCode,
};

export async function listShortUrls(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: ShortUrl[]; total: number }> {
  const pattern = query.q ? likePattern(query.q) : null;
  const where = and(
    scopeFilter(tenantScope(ctx, query.organizationId), shortUrls.organizationId),
    pattern ? or(ilike(shortUrls.title, pattern), ilike(shortUrls.originalUrl, pattern), ilike(shortUrls.shortCode, pattern)) : undefined,
  );
  const { limit, offset } = page(query);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      db
        .select()
        .from(shortUrls)
        .where(where)
        .orderBy(...orderBy(query, SORTABLE, [desc(shortUrls.createdAt), desc(shortUrls.id)]))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(shortUrls).where(where),
  );
  return { rows: rows.map(toShortUrlResponse), total: Number(totalRow?.total ?? 0) };
}
