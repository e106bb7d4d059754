import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** Placeholders in the shape of the cards and lists while the figures load. */
export function StatCardsSkeleton({ cards = 4 }: { cards?: 2 | 4 }) {
  return (
    <div className={cn('grid grid-cols-2 gap-3 sm:gap-4', cards === 4 && 'xl:grid-cols-4')} data-testid="dashboard-loading">
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i}>
          <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-2">
            <Skeleton className="h-4 w-32" />
          </CardHeader>
          <CardContent className="space-y-2 p-4 pt-0 sm:p-6 sm:pt-0">
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-3 w-28" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export function ListCardSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-5 w-40" />
      </CardHeader>
      <CardContent className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}
