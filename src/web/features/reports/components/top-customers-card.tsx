import { formatMoney } from '@contracts/money';
import type { ReportSummary } from '@contracts/reports';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { countOf } from '@/features/reports/lib/report-display';

export function TopCustomersCard({ customers }: { customers: ReportSummary['topCustomers'] }) {
  return (
    <Card data-testid="top-customers">
      <CardHeader>
        <CardTitle>Top 5 Customers by Revenue</CardTitle>
        <CardDescription>Paid invoice totals in this period.</CardDescription>
      </CardHeader>
      <CardContent>
        {customers.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground" data-testid="top-customers-empty">
            No paid invoices in this period.
          </p>
        ) : (
          <ol className="divide-y" aria-label="Top customers by revenue">
            {customers.map((c, i) => (
              <li key={c.customerId} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="top-customer">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground" aria-hidden>
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" title={c.name}>
                    {c.name}
                  </p>
                  <p className="text-xs text-muted-foreground">{countOf(c.paidInvoices, 'paid invoice')}</p>
                </div>
                <p className="font-semibold tabular-nums" data-testid="top-customer-revenue">
                  {formatMoney(c.revenue)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
