import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { pageSummary } from '@/features/customers/customer-display';

interface CustomersPagerProps {
  offset: number;
  rowCount: number;
  total: number;
  pageSize: number;
  isFetching: boolean;
  onOffsetChange: (offset: number) => void;
}

export function CustomersPager({ offset, rowCount, total, pageSize, isFetching, onOffsetChange }: CustomersPagerProps) {
  const summary = pageSummary(offset, rowCount, total);
  if (!summary) return null;
  const hasPrevious = offset > 0;
  const hasNext = offset + rowCount < total;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm">
      <p className="text-muted-foreground" data-testid="customers-page-summary" aria-live="polite">
        {summary}
      </p>
      {(hasPrevious || hasNext) && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={!hasPrevious || isFetching} onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!hasNext || isFetching} onClick={() => onOffsetChange(offset + pageSize)}>
            Next
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}
