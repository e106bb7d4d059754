import { fromCents, formatMoney } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { LabelSet } from '@contracts/vocabulary';
import { AGING_BUCKET_VIEWS, recordCount, summarizeBucket } from '@/features/payment-analytics/analytics-display';
import { useAgingReport, type OrganizationScope } from '@/features/payment-analytics/api/payment-analytics-api';
import { cn } from '@/lib/utils';

export function AgingReportTab({ organizationId, labels }: { organizationId: OrganizationScope; labels: LabelSet }) {
  const report = useAgingReport(organizationId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Aging Report</CardTitle>
        <CardDescription>Balances due on unpaid {labels.invoices.toLowerCase()}, by how many days they are past their due date.</CardDescription>
      </CardHeader>
      <CardContent>
        {report.isPending ? (
          <p className="py-8 text-center text-sm text-muted-foreground" role="status" data-testid="aging-loading">
            Loading aging report...
          </p>
        ) : report.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load the aging report</AlertTitle>
            <AlertDescription>{errorMessage(report.error)}</AlertDescription>
          </Alert>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Aging buckets">
            {AGING_BUCKET_VIEWS.map((bucket) => {
              const s = summarizeBucket(report.data[bucket.key]);
              return (
                <li key={bucket.key} className={cn('rounded-lg border border-l-4 p-4', bucket.tone)} data-testid={`aging-${bucket.key}`}>
                  <p className="text-sm font-medium">{bucket.label}</p>
                  <p className="mt-2 text-xl font-bold tabular-nums" data-testid={`aging-${bucket.key}-value`}>
                    {formatMoney(fromCents(s.balanceCents))}
                  </p>
                  <p className="text-xs opacity-80">{recordCount(s.count, labels.invoices)}</p>
                  {/* After partial payments the balance is less than what was invoiced: both are shown. */}
                  {s.balanceCents !== s.totalCents && <p className="mt-1 text-xs opacity-80">of {formatMoney(fromCents(s.totalCents))} invoiced</p>}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
