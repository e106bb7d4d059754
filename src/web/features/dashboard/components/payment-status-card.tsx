import type { DashboardStatsWithFinancials } from '@contracts/dashboard';
import { formatMoney } from '@contracts/money';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function PaymentStatusCard({ invoices }: { invoices: DashboardStatsWithFinancials['paymentStatus'] }) {
  return (
    <Card data-testid="payment-status">
      <CardHeader>
        <CardTitle>Payment Status</CardTitle>
        <CardDescription>The latest invoices and where they stand</CardDescription>
      </CardHeader>
      <CardContent>
        {invoices.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <ul className="divide-y">
            {invoices.map((invoice) => (
              <li key={invoice.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="payment-status-row">
                <div className="min-w-0">
                  <p className="text-sm font-semibold">{invoice.invoiceNumber}</p>
                  <p className="truncate text-sm">{invoice.customerName}</p>
                  <p className="truncate text-xs text-muted-foreground">{invoice.title ?? 'Invoice'}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <p className="text-sm font-semibold tabular-nums">{formatMoney(invoice.total)}</p>
                  <StatusBadge status={invoice.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
