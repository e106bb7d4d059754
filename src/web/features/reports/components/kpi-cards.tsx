import { Clock, DollarSign, Percent, Wrench, type LucideIcon } from 'lucide-react';
import type { ReportSummary } from '@contracts/reports';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { kpiViews, type KpiView } from '@/features/reports/lib/report-display';

const ICONS: Record<KpiView['key'], LucideIcon> = { revenue: DollarSign, 'average-job': Wrench, completion: Percent, hours: Clock };
const GRID = 'grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 xl:grid-cols-4';

export function KpiCards({ kpis }: { kpis: ReportSummary['kpis'] }) {
  return (
    <div className={GRID}>
      {kpiViews(kpis).map((k) => {
        const Icon = ICONS[k.key];
        return (
          <Card key={k.key} data-testid={`kpi-${k.key}`}>
            <CardHeader className="flex flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
              <CardTitle className="text-sm leading-tight font-medium text-muted-foreground">{k.title}</CardTitle>
              <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
              <p className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={`kpi-${k.key}-value`}>
                {k.value}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">{k.caption}</p>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

export function KpiCardsSkeleton() {
  return (
    <div className={GRID} data-testid="kpi-loading" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="space-y-3 p-4 sm:p-6">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-3 w-40" />
        </Card>
      ))}
    </div>
  );
}
