import { CalendarClock } from 'lucide-react';
import { formatDate } from '@contracts/format';
import { formatMoney, fromCents, toCents } from '@contracts/money';
import type { PublicPaymentLink } from '@contracts/payment-links';

type InvoiceView = NonNullable<PublicPaymentLink['invoice']>;

/**
 * Number, customer, lines, total and what is still owed; a list rather than a table so it fits a phone. Under a
 * payment plan, the installment this payment is for, and its amount (`amount`, what the link asks for).
 */
export function InvoiceSummary({ invoice, amount }: { invoice: InvoiceView; amount: string | null }) {
  const partlyPaid = toCents(invoice.balanceDue) !== toCents(invoice.total);
  const { installment } = invoice;
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
        <div className={installment ? 'flex justify-between gap-3 border-t pt-2 font-medium' : 'flex justify-between gap-3 border-t pt-2 text-base font-semibold'}>
          <dt>Balance Due</dt>
          <dd className="tabular-nums" data-testid="balance-due">
            {formatMoney(invoice.balanceDue)}
          </dd>
        </div>
      </dl>
      {installment && (
        <div className="grid gap-1 rounded-lg border border-primary/30 bg-primary/5 px-3 py-3" data-testid="installment-due">
          <div className="flex items-start justify-between gap-3">
            <p className="flex min-w-0 items-start gap-2 font-semibold">
              <CalendarClock className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
              <span>
                Installment {installment.number} of {installment.count}, due {formatDate(installment.dueDate)}
              </span>
            </p>
            <p className="shrink-0 text-base font-semibold tabular-nums" data-testid="pay-amount">
              {formatMoney(amount ?? installment.amountDue)}
            </p>
          </div>
          <p className="text-sm text-muted-foreground">
            This payment is for this installment of your payment plan, not the whole balance due. The rest is asked for on its own dates.
          </p>
        </div>
      )}
    </section>
  );
}
