// The organization's short URLs, newest first; q searches title, target and code.
import { and, count, ilike, or } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { ShortUrl } from '../../../contracts/short-urls';
import type { DbOrTx } from '../../db/client';
import { shortUrls } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { descending, orderOf, sortKeys, tableReader, type BatchReader } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toShortUrlResponse } from './short-url-response';

const SORTABLE = {
  createdAt: shortUrls.createdAt,
  title: shortUrls.title,
  clicks: shortUrls.clicks,
  shortCode: shortUrls.shortCode,
};

const NEWEST_FIRST = [descending(shortUrls.createdAt), descending(shortUrls.id)];

function shortUrlsWhere(ctx: RequestContext, query: ListQuery) {
  const pattern = query.q ? likePattern(query.q) : null;
  return and(
    scopeFilter(tenantScope(ctx, query.organizationId), shortUrls.organizationId),
    pattern ? or(ilike(shortUrls.title, pattern), ilike(shortUrls.originalUrl, pattern), ilike(shortUrls.shortCode, pattern)) : undefined,
  );
}

/** The list's rows batch by batch in its order, with its search: its export (docs/rules/data-exchange.md#list-exports). */
export function shortUrlBatches(db: DbOrTx, ctx: RequestContext, query: ListQuery): BatchReader<ShortUrl> {
  return tableReader(db, shortUrls, shortUrlsWhere(ctx, query), sortKeys(query, SORTABLE, NEWEST_FIRST), (rows) => rows.map(toShortUrlResponse));
}

export async function listShortUrls(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: ShortUrl[]; total: number }> {
  const where = shortUrlsWhere(ctx, query);
  const { limit, offset } = page(query);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      db
        .select()
        .from(shortUrls)
        .where(where)
        .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(shortUrls).where(where),
  );
  return { rows: rows.map(toShortUrlResponse), total: Number(totalRow?.total ?? 0) };
}
