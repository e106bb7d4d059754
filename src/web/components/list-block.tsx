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
import { ListExportMenu } from '@/components/list-export-menu';
import type { ListExportSource } from '@/lib/list-export';

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
  /** Names the test hooks: `${name}-list`, `${name}-loading`, `${name}-empty`, `${name}-page-summary`. */
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
  /** The card's own heading (a panel beside another list), left of the search box. */
  title?: ReactNode;
  /** `data-testid` of the card; `${name}-list` unless given. */
  testId?: string;
  /** Beside the search box (filters). */
  toolbar?: ReactNode;
  /** The list's export (its path and the query the screen sends, without paging): an Export menu at the header's end. */
  exportFrom?: ListExportSource;
  /** Below the list, inside the card (a "Showing the latest" note). */
  footer?: ReactNode;
  className?: string;
  /** Inside another card (a tab panel): no card of its own. */
  plain?: boolean;
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
  title,
  testId,
  toolbar,
  exportFrom,
  footer,
  className,
  plain = false,
  children,
}: ListBlockProps<Row>) {
  const rows = query.data?.rows ?? [];
  const forbidden = isApiError(query.error, 403);
  const showSearch = Boolean(list && searchPlaceholder) && !forbidden;
  const showExport = Boolean(exportFrom) && !query.isError;
  const Frame = plain ? 'div' : Card;
  return (
    <Frame className={cn('min-w-0', !plain && 'overflow-hidden', className)} data-testid={testId ?? `${name}-list`}>
      {(title || showSearch || toolbar || showExport) && (
        <div className={cn('flex flex-col gap-3 border-b p-4 sm:flex-row sm:flex-wrap sm:items-center', title && 'sm:justify-between')}>
          {title}
          {/* On a phone the search box and Export share a row; on wider screens Export ends the header row. */}
          {(showSearch || showExport) && (
            <div className="flex items-center gap-2 sm:contents">
              {showSearch && list && searchPlaceholder && (
                <ListSearch value={list.search} onChange={list.setSearch} placeholder={searchPlaceholder} label={searchLabel} />
              )}
              {showExport && exportFrom && <ListExportMenu source={exportFrom} isEmpty={!query.isPending && (query.data?.total ?? 0) === 0} />}
            </div>
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
        emptyTestId={`${name}-empty`}
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
    </Frame>
  );
}
