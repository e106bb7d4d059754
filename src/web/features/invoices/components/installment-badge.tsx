// An installment's status (docs/rules/money-and-payments.md#installments) in words and colour.
import type { InstallmentStatus } from '@contracts/payment-plans';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STYLES: Record<InstallmentStatus, string> = {
  paid: 'bg-emerald-100 text-emerald-800',
  partly_paid: 'bg-sky-100 text-sky-800',
  due: 'bg-amber-100 text-amber-800',
  overdue: 'bg-red-100 text-red-800',
  upcoming: 'bg-slate-100 text-slate-700',
};

export const INSTALLMENT_STATUS_LABELS: Record<InstallmentStatus, string> = {
  paid: 'Paid',
  partly_paid: 'Partly paid',
  due: 'Due today',
  overdue: 'Overdue',
  upcoming: 'Upcoming',
};

export function InstallmentBadge({ status }: { status: InstallmentStatus }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', STYLES[status])} data-status={status}>
      {INSTALLMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
