import { formatDate } from '@contracts/format';
import { formatMoney, fromCents, toCents } from '@contracts/money';
import type { PublicPaymentLink } from '@contracts/payment-links';

type InvoiceView = NonNullable<PublicPaymentLink['invoice']>;

/** Number, customer, lines, total and what is still owed; a list rather than a table so it fits a phone. */
export function InvoiceSummary({ invoice }: { invoice: InvoiceView }) {
  const partlyPaid = toCents(invoice.balanceDue) !== toCents(invoice.total);
  return (
    <section aria-labelledby="invoice-summary-title" className="space-y-4" data-testid="invoice-summary">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div>
          <h2 id="invoice-summary-title" className="text-lg font-semibold">
            Invoice {invoice.invoiceNumber}
          </h2>
          {invoice.customerName && <p className="text-sm text-muted-foreground">Billed to {invoice.customerName}</p>}
        </div>
        <p className="text-sm text-muted-foreground">Due {formatDate(invoice.dueDate, 'on receipt')}</p>
      </div>
      {invoice.lineItems.length > 0 && (
        <ul className="divide-y rounded-lg border text-sm" aria-label="Line items">
          {invoice.lineItems.map((line, i) => (
            <li key={i} className="flex items-start justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="break-words">{line.description}</p>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {Number(line.quantity)} × {formatMoney(line.rate)}
                </p>
              </div>
              <p className="shrink-0 tabular-nums">{formatMoney(line.amount)}</p>
            </li>
          ))}
        </ul>
      )}
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-muted-foreground">Total</dt>
          <dd className="tabular-nums">{formatMoney(invoice.total)}</dd>
        </div>
        {partlyPaid && (
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Already paid</dt>
            <dd className="tabular-nums">-{formatMoney(fromCents(toCents(invoice.total) - toCents(invoice.balanceDue)))}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t pt-2 text-base font-semibold">
          <dt>Balance Due</dt>
          <dd className="tabular-nums" data-testid="balance-due">
            {formatMoney(invoice.balanceDue)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
