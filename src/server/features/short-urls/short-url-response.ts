// The API shape of a short_urls row.
import type { ShortUrl } from '../../../contracts/short-urls';
import type { shortUrls } from '../../db/schema/index';

export function toShortUrlResponse(row: typeof shortUrls.$inferSelect): ShortUrl {
  return {
    id: row.id,
    organizationId: row.organizationId,
    title: row.title,
    originalUrl: row.originalUrl,
    shortCode: row.shortCode,
    clicks: row.clicks,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
