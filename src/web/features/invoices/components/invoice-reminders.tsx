// The invoice's reminders inside its dialog (docs/rules/money-and-payments.md#payment-reminders, Timeline): each step,
// its channel and what became of it, and the late fees added. Nothing while there is neither.
import { BellRing } from 'lucide-react';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { stepLabel, type InvoiceReminder } from '@contracts/payment-reminders';
import { useInvoiceReminders } from '@/features/invoices/api/get-invoice-reminders';
import { cn } from '@/lib/utils';

/** Invoices the reminder job may have written to: issued ones, and those paid since. */
export const mayHaveReminders = (status: string) => status === 'sent' || status === 'overdue' || status === 'paid';

const CHANNELS: Record<InvoiceReminder['channel'], string> = { email: 'E-mail', sms: 'Text' };

export function reminderOutcome(r: Pick<InvoiceReminder, 'status' | 'recipient' | 'sentAt' | 'dueAt' | 'note'>): string {
  if (r.status === 'sent') return `Sent${r.recipient ? ` to ${r.recipient}` : ''} on ${formatDate(r.sentAt ?? r.dueAt)}`;
  if (r.status === 'skipped') return `Skipped: ${r.note ?? 'not needed'}`;
  if (r.status === 'failed') return `Failed: ${r.note ?? 'could not be sent'}`;
  return `Scheduled for ${formatDate(r.dueAt)}`;
}

export function InvoiceReminders({ invoiceId }: { invoiceId: number }) {
  const timeline = useInvoiceReminders(invoiceId, true);
  // A timeline that cannot be read only leaves the section out: the invoice itself is what the dialog is about.
  if (!timeline.data) return null;
  const { reminders, lateFees } = timeline.data;
  if (reminders.length === 0 && lateFees.length === 0) return null;
  return (
    <section aria-labelledby="invoice-reminders-title" className="grid gap-2" data-testid="invoice-reminders">
      <h3 id="invoice-reminders-title" className="flex items-center gap-2 text-sm font-medium">
        <BellRing className="size-4 text-muted-foreground" aria-hidden />
        Reminders
      </h3>
      <ul className="divide-y rounded-md border text-sm">
        {reminders.map((r) => (
          <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2" data-testid="invoice-reminder" data-status={r.status}>
            <span className="font-medium">
              {stepLabel(r.days)} <span className="font-normal text-muted-foreground">· {CHANNELS[r.channel]}</span>
            </span>
            <span className={cn('min-w-0 break-words', r.status === 'failed' ? 'text-destructive' : 'text-muted-foreground')}>{reminderOutcome(r)}</span>
          </li>
        ))}
        {lateFees.map((f) => (
          <li key={`fee-${f.id}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-3 py-2" data-testid="invoice-late-fee">
            <span className="font-medium">
              Late fee{f.period > 1 || lateFees.length > 1 ? `, period ${f.period}` : ''}{' '}
              <span className="font-normal text-muted-foreground">· added {formatDate(f.createdAt)}</span>
            </span>
            <span className="font-medium tabular-nums">{formatMoney(f.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
