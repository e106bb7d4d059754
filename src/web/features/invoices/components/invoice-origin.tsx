// Where an invoice came from and how it is being paid, inside its dialog: the recurring billing that made it
// (docs/rules/money-and-payments.md#recurring-invoices) and the auto-pay charge (#auto-pay). Nothing for an invoice
// that has neither.
import { CreditCard, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@contracts/format';
import type { Invoice } from '@contracts/invoices';
import { cn } from '@/lib/utils';

type Origin = Pick<Invoice, 'recurringInvoiceId' | 'recurringDate' | 'autoPayState' | 'autoPayNote'>;

/** What became of the charge to the saved card, in the server's words where it gave some. */
export function autoPayText({ autoPayState: state, autoPayNote: note }: Origin): string | null {
  if (state === 'charged') return note ?? 'Charged to the saved card';
  if (state === 'declined') return `Declined: ${note ?? 'the card was declined'}`;
  if (state === 'no_card') return `Not charged: ${note ?? 'no saved card'}`;
  if (state === 'charging') return 'Charging the saved card...';
  // 'due': issued and waiting for the billing job, or waiting to try again after a processor failure.
  if (state === 'due') return note ? `Waiting to charge (last try: ${note})` : 'Waiting to charge';
  return null;
}

export function InvoiceOrigin({ invoice }: { invoice: Origin }) {
  const autoPay = autoPayText(invoice);
  if (!autoPay && invoice.recurringInvoiceId === null) return null;
  const isProblem = invoice.autoPayState === 'declined' || invoice.autoPayState === 'no_card';
  return (
    <div className="grid gap-1.5 rounded-md border px-3 py-2 text-sm" data-testid="invoice-origin">
      {invoice.recurringInvoiceId !== null && (
        <p className="flex items-start gap-2" data-testid="invoice-recurring">
          <RotateCw className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            From{' '}
            <Link to={`/recurring-invoices?open=${invoice.recurringInvoiceId}`} className="text-primary hover:underline">
              recurring billing
            </Link>
            {invoice.recurringDate ? `, period of ${formatDate(invoice.recurringDate)}` : ''}
          </span>
        </p>
      )}
      {autoPay && (
        <p className="flex items-start gap-2" data-testid="invoice-auto-pay" data-state={invoice.autoPayState ?? ''}>
          <CreditCard className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 break-words">
            <span className="font-medium">Auto-pay: </span>
            <span className={cn(isProblem && 'text-destructive')}>{autoPay}</span>
          </span>
        </p>
      )}
    </div>
  );
}
