// The two status charts. The bars are decoration for sighted users: the list under each chart carries
// the same figures as text, so the chart itself is hidden from assistive technology.
import { lazy, Suspense } from 'react';
import { statusLabel } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import type { ReportSummary } from '@contracts/reports';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Slice } from '@/features/reports/components/status-bars';
import { countOf, STATUS_COLORS } from '@/features/reports/lib/report-display';

// The chart library is most of this screen's code: it loads beside the figures' request, and the figures
// and status lists show without waiting for it.
const loadStatusBars = () => import('@/features/reports/components/status-bars');
export const preloadStatusBars = () => void loadStatusBars();
const StatusBars = lazy(() => loadStatusBars().then((m) => ({ default: m.StatusBars })));
const BARS_HEIGHT = 'h-48 w-full sm:h-56';

function StatusList({ slices, label, testId }: { slices: Slice[]; label: string; testId: string }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm" aria-label={label}>
      {slices.map((s) => (
        <li key={s.status} className="flex items-start gap-2" data-testid={`${testId}-${s.status}`}>
          <span className="mt-1 size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: STATUS_COLORS[s.status] }} aria-hidden />
          <span className="min-w-0">
            <span className="font-medium">{s.label}</span>{' '}
            <span className="tabular-nums text-muted-foreground" data-testid={`${testId}-${s.status}-count`}>
              {s.count.toLocaleString('en-US')}
            </span>
            {s.total !== undefined && (
              <span className="block text-xs tabular-nums text-muted-foreground" data-testid={`${testId}-${s.status}-total`}>
                {formatMoney(s.total)}
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function StatusCard({ title, description, slices, noun, testId }: { title: string; description: string; slices: Slice[]; noun: string; testId: string }) {
  const total = slices.reduce((n, s) => n + s.count, 0);
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
            No {noun}s in this period.
          </p>
        ) : (
          <Suspense fallback={<Skeleton className={BARS_HEIGHT} />}>
            <StatusBars slices={slices} className={BARS_HEIGHT} />
          </Suspense>
        )}
        <StatusList slices={slices} label={title} testId={testId} />
      </CardContent>
    </Card>
  );
}

export function WorkOrdersByStatusCard({ rows, workOrders }: { rows: ReportSummary['workOrdersByStatus']; workOrders: number }) {
  return (
    <StatusCard
      title="Work Orders by Status"
      description={`${countOf(workOrders, 'work order')} created in this period.`}
      slices={rows.map((r) => ({ status: r.status, label: statusLabel(r.status), count: r.count }))}
      noun="work order"
      testId="work-orders-by-status"
    />
  );
}

export function InvoiceStatusCard({ rows, invoices }: { rows: ReportSummary['invoiceStatusSummary']; invoices: number }) {
  return (
    <StatusCard
      title="Invoice Status Summary"
      description={`${countOf(invoices, 'invoice')} created in this period; unpaid ones past their due date count as overdue.`}
      slices={rows.map((r) => ({ status: r.status, label: statusLabel(r.status), count: r.count, total: r.total }))}
      noun="invoice"
      testId="invoice-status"
    />
  );
}
