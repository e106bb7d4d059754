// The URL Shortener screen's export (docs/rules/data-exchange.md#list-exports): the short URLs with the list's search
// and sort, under the screen's column labels; each short URL in full, on the app's own address.
import type { ListQuery } from '../../../contracts/lists';
import { shortUrlPath, type ShortUrl } from '../../../contracts/short-urls';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { shortUrlBatches } from './list-short-urls';

export async function exportShortUrls(db: DbOrTx, ctx: RequestContext, appUrl: string, query: ListQuery): Promise<ListExport<ShortUrl>> {
  return {
    fileName: 'short-urls',
    title: () => 'Short URLs',
    columns: () => [
      { label: 'Title', value: (u) => u.title },
      { label: 'Short URL', value: (u) => new URL(shortUrlPath(u.shortCode), appUrl).toString() },
      { label: 'Original URL', value: (u) => u.originalUrl },
      { label: 'Clicks', kind: 'integer', value: (u) => u.clicks },
      { label: 'Active', value: (u) => u.isActive },
      { label: 'Created', kind: 'date', value: (u) => u.createdAt },
    ],
    read: shortUrlBatches(db, ctx, query),
    organizationOf: (u) => u.organizationId,
  };
}
