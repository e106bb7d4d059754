import type { DashboardStats } from '@contracts/dashboard';
import { formatDate } from '@contracts/format';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface RecentJobsCardProps {
  jobs: DashboardStats['recentWorkOrders'];
  workOrdersLabel: string;
  onOpen: (id: number) => void;
  /** Warms the work order dialog's code when the pointer comes near a number. */
  onPreload: () => void;
}

export function RecentJobsCard({ jobs, workOrdersLabel, onOpen, onPreload }: RecentJobsCardProps) {
  return (
    <Card data-testid="recent-jobs">
      <CardHeader>
        <CardTitle>Recent {workOrdersLabel}</CardTitle>
        <CardDescription>The latest scheduled and in-progress work</CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No active {workOrdersLabel.toLowerCase()}.</p>
        ) : (
          <ul className="divide-y" onPointerEnter={onPreload} onFocus={onPreload}>
            {jobs.map((job) => (
              <li key={job.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="recent-job">
                <div className="min-w-0">
                  <button
                    type="button"
                    className="text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                    onClick={() => onOpen(job.id)}
                  >
                    {job.orderNumber}
                  </button>
                  <p className="truncate text-sm">{job.title}</p>
                  <p className="truncate text-xs text-muted-foreground">{job.customerName}</p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <StatusBadge status={job.status} />
                  <p className="text-xs whitespace-nowrap text-muted-foreground">
                    Due: {formatDate(job.dueDate, 'Not set')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
