import { statusLabel } from '@contracts/format';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// docs/rules/records.md#status-badges: pending and sent share a style; anything unknown looks pending.
const PENDING = 'bg-amber-100 text-amber-800';
const STATUS_STYLES: Record<string, string> = {
  scheduled: 'bg-blue-100 text-blue-800',
  in_progress: 'bg-violet-100 text-violet-800',
  completed: 'bg-green-100 text-green-800',
  cancelled: 'bg-gray-200 text-gray-700',
  paid: 'bg-emerald-100 text-emerald-800',
  pending: PENDING,
  sent: PENDING,
  overdue: 'bg-red-100 text-red-800',
  draft: 'bg-slate-100 text-slate-700',
  void: 'bg-gray-200 text-gray-700',
  credited: 'bg-sky-100 text-sky-800',
};

/** The style for a status ('in progress' and 'In Progress' count as in_progress). */
export function statusBadgeClass(status: string | null | undefined): string {
  const key = (status ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  return STATUS_STYLES[key] ?? PENDING;
}

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', statusBadgeClass(status), className)} data-status={status ?? ''}>
      {statusLabel(status) || 'Pending'}
    </Badge>
  );
}
