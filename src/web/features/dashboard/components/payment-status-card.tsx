import type { DashboardStatsWithFinancials } from '@contracts/dashboard';
import { formatMoney } from '@contracts/money';
import { singular, type LabelSet } from '@contracts/vocabulary';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function PaymentStatusCard({ invoices, labels }: { invoices: DashboardStatsWithFinancials['paymentStatus']; labels: LabelSet }) {
  const invoice = singular(labels.invoices);
  return (
    <Card data-testid="payment-status">
      <CardHeader>
        <CardTitle>Payment Status</CardTitle>
        <CardDescription>The latest {labels.invoices.toLowerCase()} and where they stand</CardDescription>
      </CardHeader>
      <CardContent>
        {invoices.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No {labels.invoices.toLowerCase()} yet.</p>
        ) : (
          <ul className="divide-y">
            {invoices.map((row) => (
              <li key={row.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="payment-status-row">
                <div className="min-w-0">
                  <p className="text-sm font-semibold">{row.invoiceNumber}</p>
                  <p className="truncate text-sm">{row.customerName}</p>
                  <p className="truncate text-xs text-muted-foreground">{row.title ?? invoice}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <p className="text-sm font-semibold tabular-nums">{formatMoney(row.total)}</p>
                  <StatusBadge status={row.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
