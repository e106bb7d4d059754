import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';

interface PanelStatusProps {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: string;
  failedTitle: string;
  testId: string;
  children: ReactNode;
}

/** A panel's loading skeleton, failure, empty text or content. */
export function PanelStatus({ isPending, error, isEmpty, emptyText, failedTitle, testId, children }: PanelStatusProps) {
  if (isPending) {
    return (
      <div className="space-y-3 p-4" aria-busy="true" data-testid={`${testId}-loading`}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className="p-4">
        <Alert variant="destructive">
          <AlertTitle>{failedTitle}</AlertTitle>
          <AlertDescription>{isApiError(error, 403) ? 'Your role does not give access to this list.' : errorMessage(error)}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (isEmpty) {
    return (
      <p className="px-4 py-10 text-center text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
        {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}
