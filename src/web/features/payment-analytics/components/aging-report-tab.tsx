import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import type { AgingBucket, AgingInvoice } from '@contracts/payment-analytics';
import { singular, type LabelSet } from '@contracts/vocabulary';
import { errorMessage } from '@/lib/api-client';
import { useListState } from '@/lib/use-list-state';
import { ListBlock } from '@/components/list-block';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AGING_BUCKET_VIEWS, countOf, recordCount } from '@/features/payment-analytics/analytics-display';
import { AGING_LIST_PAGE_SIZE, useAgingBucketPage, useAgingReport, type OrganizationScope } from '@/features/payment-analytics/api/payment-analytics-api';
import { cn } from '@/lib/utils';

/** One owed invoice of the chosen bucket; its facts wrap onto a second line on a phone. */
function AgingInvoiceRow({ invoice, labels }: { invoice: AgingInvoice; labels: LabelSet }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="aging-invoice">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-x-2">
          <Link to={`/invoices?open=${invoice.id}`} className="font-medium underline-offset-4 hover:underline" aria-label={`${singular(labels.invoices)} ${invoice.invoiceNumber}`}>
            {invoice.invoiceNumber}
          </Link>
          <span className="truncate text-sm text-muted-foreground">{invoice.customerName ?? 'Unknown customer'}</span>
        </p>
        <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <span>{invoice.dueDate ? `Due ${formatDate(invoice.dueDate)}` : 'No due date'}</span>
          {invoice.daysOverdue > 0 && <span>{countOf(invoice.daysOverdue, 'day')} past due</span>}
        </p>
      </div>
      <p className="text-sm tabular-nums sm:text-right">
        <span className="font-semibold">{formatMoney(invoice.balanceDue)}</span>
        {invoice.balanceDue !== invoice.total && <span className="block text-xs text-muted-foreground">of {formatMoney(invoice.total)}</span>}
      </p>
    </li>
  );
}

export function AgingReportTab({ organizationId, labels }: { organizationId: OrganizationScope; labels: LabelSet }) {
  const report = useAgingReport(organizationId);
  const [chosen, setChosen] = useState<AgingBucket | null>(null);
  const list = useListState();
  // Until one is chosen, the oldest bucket that holds anything: what a user chasing money looks at first.
  const fallback = report.data ? ([...AGING_BUCKET_VIEWS].reverse().find((b) => report.data.totals[b.key].count > 0)?.key ?? 'current') : 'current';
  const bucket = chosen ?? fallback;
  const page = useAgingBucketPage(organizationId, bucket, list.page, report.data);
  const view = AGING_BUCKET_VIEWS.find((b) => b.key === bucket);
  const choose = (key: AgingBucket) => {
    setChosen(key);
    list.setPage(0);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Aging Report</CardTitle>
        <CardDescription>
          Balances due on unpaid {labels.invoices.toLowerCase()}, by how many days they are past their due date. Choose a bucket to list its{' '}
          {labels.invoices.toLowerCase()}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
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
          <>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" aria-label="Aging buckets">
              {AGING_BUCKET_VIEWS.map((b) => {
                const s = report.data.totals[b.key];
                const selected = b.key === bucket;
                return (
                  <li key={b.key} data-testid={`aging-${b.key}`}>
                    <button
                      type="button"
                      onClick={() => choose(b.key)}
                      aria-pressed={selected}
                      className={cn(
                        'h-full w-full rounded-lg border border-l-4 p-4 text-left transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        b.tone,
                        selected && 'ring-2 ring-primary',
                      )}
                    >
                      <span className="block text-sm font-medium">{b.label}</span>
                      <span className="mt-2 block text-xl font-bold tabular-nums" data-testid={`aging-${b.key}-value`}>
                        {formatMoney(s.balanceDue)}
                      </span>
                      <span className="block text-xs opacity-80" data-testid={`aging-${b.key}-count`}>
                        {recordCount(s.count, labels.invoices)}
                      </span>
                      {/* After partial payments the balance is less than what was invoiced: both are shown. */}
                      {s.balanceDue !== s.total && <span className="mt-1 block text-xs opacity-80">of {formatMoney(s.total)} invoiced</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
            <ListBlock
              name="aging-invoices"
              query={page}
              list={list}
              pageSize={AGING_LIST_PAGE_SIZE}
              emptyText={`No unpaid ${labels.invoices.toLowerCase()} in this bucket.`}
              failedTitle={`Failed to load the ${labels.invoices.toLowerCase()}`}
              title={<h3 className="text-sm font-semibold">{`${view?.label ?? ''}: unpaid ${labels.invoices.toLowerCase()}, oldest due first`}</h3>}
            >
              {(rows) => (
                <ul className="divide-y" aria-label={`${view?.label ?? ''} ${labels.invoices.toLowerCase()}`}>
                  {rows.map((i) => (
                    <AgingInvoiceRow key={i.id} invoice={i} labels={labels} />
                  ))}
                </ul>
              )}
            </ListBlock>
          </>
        )}
      </CardContent>
    </Card>
  );
}
