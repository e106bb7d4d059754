import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pageSummary } from '@/lib/list-display';

interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** Rows on this page (the last page holds fewer than pageSize). */
  rowCount?: number;
  isFetching?: boolean;
  onPageChange: (page: number) => void;
  /** `data-testid` of the "Showing 1–25 of 120" text. */
  summaryTestId?: string;
}

/** "Showing 1–25 of 120" with Previous / Next (only when there is more than one page); nothing for an empty list. */
export function ListPager({ page, pageSize, total, rowCount, isFetching = false, onPageChange, summaryTestId }: ListPagerProps) {
  if (total === 0) return null;
  const shown = Math.min(rowCount ?? pageSize, total - page * pageSize);
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const paged = page > 0 || total > pageSize;
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm text-muted-foreground" aria-label="Pages">
      <span data-testid={summaryTestId} aria-live="polite">
        {pageSummary(page * pageSize, shown, total)}
      </span>
      {paged && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 0 || isFetching}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= lastPage || isFetching}>
            Next
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </nav>
  );
}
