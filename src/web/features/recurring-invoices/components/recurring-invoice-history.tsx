// The invoices a schedule has made, newest first (the answer holds the latest 24), each opening on the Invoices screen.
import { Link } from 'react-router';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import type { RecurringInvoice } from '@contracts/recurring-invoices';
import { StatusBadge } from '@/components/status-badge';
import { useLabels } from '@/lib/use-labels';

export function RecurringInvoiceHistory({ recurring }: { recurring: RecurringInvoice }) {
  const invoices = useLabels().invoices;
  const made = recurring.invoices;
  return (
    <section aria-labelledby="recurring-history-title" className="grid gap-2" data-testid="recurring-history">
      <h3 id="recurring-history-title" className="text-sm font-medium">
        {invoices} made so far
        {recurring.generatedCount > made.length && <span className="font-normal text-muted-foreground"> (latest {made.length} of {recurring.generatedCount})</span>}
      </h3>
      {made.length === 0 ? (
        <p className="rounded-md border px-3 py-2 text-sm text-muted-foreground" data-testid="recurring-history-empty">
          None yet.{recurring.nextDate ? ` The first is made on ${formatDate(recurring.nextDate)}.` : ''}
        </p>
      ) : (
        <ul className="divide-y rounded-md border text-sm">
          {made.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="recurring-history-invoice">
              <span className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
                <Link to={`/invoices?open=${i.id}`} className="font-medium text-primary hover:underline">
                  {i.invoiceNumber}
                </Link>
                <span className="text-muted-foreground">{formatDate(i.date)}</span>
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <StatusBadge status={i.status} />
                <span className="w-20 text-right font-medium tabular-nums">{formatMoney(i.total)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
