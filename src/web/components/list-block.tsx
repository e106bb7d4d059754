// The one list-screen building block (docs/decisions/014-list-block.md): a search box, the loading / failure /
// empty states, the list itself (a table on desktop, cards on a phone: the screen's own renderer) and the pager.
// Screens keep their header, dialogs and `?open=ID` address; the query and its paging come from useListState.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { isApiError } from '@/lib/api-client';
import type { ListState } from '@/lib/use-list-state';
import { Card } from '@/components/ui/card';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';
import { ListStatus } from '@/components/list-status';

/** The part of a TanStack query a list reads: one page of rows and the total count. */
export interface ListQuery<Row> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching?: boolean;
  isPlaceholderData?: boolean;
  data?: { rows: Row[]; total: number };
}

interface ListBlockProps<Row> {
  /** Names the test hooks: `${name}-loading`, `${name}-page-summary`. */
  name: string;
  query: ListQuery<Row>;
  /** Search text and page; the search box and pager show only with it. */
  list?: ListState;
  searchPlaceholder?: string;
  /** Accessible name of the search box when the placeholder carries extra words. */
  searchLabel?: string;
  pageSize?: number;
  /** Shown for an empty list; 'No results found.' while searching. */
  emptyText: string;
  failedTitle: string;
  /** Above the search box (a card title). */
  header?: ReactNode;
  /** Beside the search box (filters). */
  toolbar?: ReactNode;
  /** Below the list, inside the card (a "Showing the latest" note). */
  footer?: ReactNode;
  className?: string;
  children: (rows: Row[]) => ReactNode;
}

export function ListBlock<Row>({
  name,
  query,
  list,
  searchPlaceholder,
  searchLabel,
  pageSize,
  emptyText,
  failedTitle,
  header,
  toolbar,
  footer,
  className,
  children,
}: ListBlockProps<Row>) {
  const rows = query.data?.rows ?? [];
  const forbidden = isApiError(query.error, 403);
  const showSearch = Boolean(list && searchPlaceholder) && !forbidden;
  return (
    <Card className={cn('overflow-hidden', className)} data-testid={`${name}-list`}>
      {header}
      {(showSearch || toolbar) && (
        <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:flex-wrap sm:items-center">
          {showSearch && list && searchPlaceholder && (
            <ListSearch value={list.search} onChange={list.setSearch} placeholder={searchPlaceholder} label={searchLabel} />
          )}
          {toolbar}
        </div>
      )}
      <ListStatus
        isPending={query.isPending}
        error={query.isError ? query.error : null}
        isEmpty={rows.length === 0}
        emptyText={list?.q ? 'No results found.' : emptyText}
        failedTitle={failedTitle}
        loadingTestId={`${name}-loading`}
      >
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{children(rows)}</div>
      </ListStatus>
      {list && pageSize && !query.isError && (
        <ListPager
          page={list.page}
          pageSize={pageSize}
          total={query.data?.total ?? 0}
          rowCount={rows.length}
          isFetching={query.isFetching}
          onPageChange={list.setPage}
          summaryTestId={`${name}-page-summary`}
        />
      )}
      {footer}
    </Card>
  );
}
