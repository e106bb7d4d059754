import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholders in the shape of the charts, top customers and activity cards. */
export function ReportSectionsSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="report-sections-loading" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i}>
          <CardHeader className="space-y-2">
            <Skeleton className="h-5 w-44" />
            <Skeleton className="h-3 w-60" />
          </CardHeader>
          <CardContent className="space-y-3">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
