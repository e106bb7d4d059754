// Changes title, target or active flag; the code never changes (shared links must keep working).
import { eq } from 'drizzle-orm';
import { SHORT_URL_MESSAGES, type ShortUrl, type UpdateShortUrlBody } from '../../../contracts/short-urls';
import type { Db } from '../../db/client';
import { shortUrls } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { toShortUrlResponse } from './short-url-response';

export async function updateShortUrl(db: Db, ctx: RequestContext, id: number, body: UpdateShortUrlBody): Promise<ShortUrl> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<typeof shortUrls.$inferInsert>;
  const scope = tenantWhere(tenantScope(ctx), shortUrls, eq(shortUrls.id, id));
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(shortUrls).set(changes).where(scope).returning()
      : await db.select().from(shortUrls).where(scope).limit(1);
  if (!row) throw notFound(SHORT_URL_MESSAGES.notFound);
  return toShortUrlResponse(row);
}
