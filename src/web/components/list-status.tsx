import type { ReactNode } from 'react';
import { ShieldX } from 'lucide-react';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';

interface ListStatusProps {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  /** 'No results found.' while searching; the list's own empty text otherwise. */
  emptyText: string;
  failedTitle: string;
  /** `data-testid` of the loading skeleton. */
  loadingTestId?: string;
  /** `data-testid` of the empty text. */
  emptyTestId?: string;
  children: ReactNode;
}

/** Loading skeleton, failure, empty text or the list itself. */
export function ListStatus({ isPending, error, isEmpty, emptyText, failedTitle, loadingTestId, emptyTestId, children }: ListStatusProps) {
  if (isPending) {
    return (
      <div className="space-y-3 p-4" aria-busy="true" data-testid={loadingTestId}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (error) {
    if (isApiError(error, 403)) {
      return (
        <div className="flex flex-col items-center gap-2 p-8 text-center" data-testid="list-forbidden">
          <ShieldX className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">Your role does not give access to this list.</p>
        </div>
      );
    }
    return (
      <div className="p-4">
        <Alert variant="destructive">
          <AlertTitle>{failedTitle}</AlertTitle>
          <AlertDescription>{errorMessage(error)}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <p className="p-8 text-center text-sm text-muted-foreground" data-testid={emptyTestId}>
        {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}
