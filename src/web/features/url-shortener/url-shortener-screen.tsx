import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { ShortUrl } from '@contracts/short-urls';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useListState } from '@/lib/use-list-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ListBlock } from '@/components/list-block';
import { SHORT_URLS_PAGE_SIZE, useShortUrls } from '@/features/url-shortener/api/short-urls-api';
import { ShortUrlDialog } from '@/features/url-shortener/components/short-url-dialog';
import { ShortUrlsTable } from '@/features/url-shortener/components/short-urls-table';

/** URL Shortener (/url-shortener): short links to any address, with their click counts. */
export function UrlShortenerScreen() {
  const { user } = useCurrentUser();
  const canManage = Boolean(user?.effectivePermissions.includes('manage_customers'));
  const [editing, setEditing] = useState<ShortUrl | 'new' | null>(null);
  const list = useListState();
  const shortUrls = useShortUrls(list.q, list.page * SHORT_URLS_PAGE_SIZE);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="URL Shortener"
        description="Short links that send visitors to any web address, with a click count."
        actions={
          canManage && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              Create Short URL
            </Button>
          )
        }
      />
      <ListBlock
        name="short-urls"
        query={shortUrls}
        exportFrom={{ path: '/api/short-urls', params: { q: list.q } }}
        list={list}
        pageSize={SHORT_URLS_PAGE_SIZE}
        searchPlaceholder="Search short URLs..."
        searchLabel="Search short URLs"
        emptyText="No short URLs yet."
        failedTitle="Failed to load short URLs"
      >
        {(rows) => <ShortUrlsTable rows={rows} canManage={canManage} onEdit={setEditing} />}
      </ListBlock>
      {editing !== null && <ShortUrlDialog shortUrl={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
