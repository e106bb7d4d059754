import type { ReportSummary } from '@contracts/reports';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { activityViews } from '@/features/reports/lib/report-display';

export function ActivityCard({ activity }: { activity: ReportSummary['activity'] }) {
  return (
    <Card data-testid="activity-totals">
      <CardHeader>
        <CardTitle>Activity Totals</CardTitle>
        <CardDescription>What was added, received and tracked in this period.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          {activityViews(activity).map((a) => (
            <div key={a.key} className="rounded-lg border p-3" data-testid={`activity-${a.key}`}>
              <dt className="text-xs text-muted-foreground">{a.label}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{a.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
