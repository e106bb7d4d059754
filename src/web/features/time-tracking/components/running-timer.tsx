import { Square } from 'lucide-react';
import type { TimeEntry } from '@contracts/time-entries';
import { Button } from '@/components/ui/button';
import { ACTIVE_TIMER_POLL_MS, useStopTimer } from '@/features/time-tracking/api/time-entries-api';
import { formatDateTime, formatDuration, minutesBetween, useNow } from '@/features/time-tracking/lib/time-format';

export function RunningTimer({ entry }: { entry: TimeEntry }) {
  const now = useNow(ACTIVE_TIMER_POLL_MS);
  const stop = useStopTimer(entry.id);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-mono text-3xl font-semibold tabular-nums" aria-live="off" data-testid="timer-duration">
          {formatDuration(minutesBetween(entry.startTime, now))}
        </p>
        <p className="truncate text-sm font-medium">{entry.workOrderTitle ?? `#${entry.workOrderId}`}</p>
        {entry.customerName && <p className="truncate text-sm text-muted-foreground">{entry.customerName}</p>}
        {entry.description && <p className="text-sm text-muted-foreground">{entry.description}</p>}
        <p className="text-xs text-muted-foreground">Started {formatDateTime(entry.startTime)}</p>
      </div>
      <Button variant="destructive" onClick={() => stop.mutate()} disabled={stop.isPending}>
        <Square aria-hidden />
        Stop
      </Button>
    </div>
  );
}
