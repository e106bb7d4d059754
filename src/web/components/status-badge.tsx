import { statusText } from '@contracts/format';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// docs/rules/records.md#status-badges: pending and sent share a style; anything unknown looks pending.
const PENDING = 'bg-amber-100 text-amber-800';
const APPROVED = 'bg-teal-100 text-teal-800';
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
  // Estimates (quotes approved online).
  viewed: 'bg-indigo-100 text-indigo-800',
  approved: APPROVED,
  // The word before approval online: old data reads as approved.
  accepted: APPROVED,
  declined: 'bg-rose-100 text-rose-800',
  changes_requested: 'bg-orange-100 text-orange-900',
  expired: 'bg-stone-200 text-stone-700',
  converted: 'bg-purple-100 text-purple-800',
};

const keyOf = (status: string | null | undefined) => (status ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');

/** The style for a status ('in progress' and 'In Progress' count as in_progress). */
export function statusBadgeClass(status: string | null | undefined): string {
  return STATUS_STYLES[keyOf(status)] ?? PENDING;
}

/** The words for a status (contracts/format.ts, shared with the list exports). */
export { statusText };

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', statusBadgeClass(status), className)} data-status={status ?? ''}>
      {statusText(status)}
    </Badge>
  );
}
