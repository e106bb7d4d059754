import type { RecurringInvoice } from '@contracts/recurring-invoices';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// Kept here rather than in the shared StatusBadge, whose chunk the signed-in first page loads (e2e/first-page-budget).
const STYLES: Record<RecurringInvoice['status'], string> = {
  active: 'bg-emerald-50 text-emerald-700',
  paused: 'bg-yellow-100 text-yellow-900',
  ended: 'bg-gray-200 text-gray-700',
};
const WORDS: Record<RecurringInvoice['status'], string> = { active: 'Active', paused: 'Paused', ended: 'Ended' };

/** Billing, held, or run out (its end date passed or its count made). */
export function RecurringStatusBadge({ status }: { status: RecurringInvoice['status'] }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', STYLES[status])} data-status={status}>
      {WORDS[status]}
    </Badge>
  );
}
