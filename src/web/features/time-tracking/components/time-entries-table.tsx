import type { TimeEntry } from '@contracts/time-entries';
import { singular } from '@contracts/vocabulary';
import { useLabels } from '@/lib/use-labels';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { formatDay, formatDuration, formatSpan, minutesBetween } from '@/features/time-tracking/lib/time-format';

/** Cards on a phone, a table on wider screens; a running entry says Active instead of a duration. */
export function TimeEntriesTable({ entries, now }: { entries: TimeEntry[]; now: number }) {
  const labels = useLabels();
  const duration = (e: TimeEntry) => formatDuration(e.durationMinutes ?? minutesBetween(e.startTime, e.endTime ? new Date(e.endTime).getTime() : now));
  return (
    <>
      <ul className="divide-y md:hidden">
        {entries.map((e) => (
          <li key={e.id} className="space-y-1 p-4 text-sm" data-testid="time-entry-card">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{e.workOrderTitle ?? `#${e.workOrderId}`}</span>
              {e.isActive ? <Badge>Active</Badge> : <span className="tabular-nums">{duration(e)}</span>}
            </div>
            <p className="text-muted-foreground">{[e.customerName, e.employeeName].filter(Boolean).join(' · ')}</p>
            {e.description && <p>{e.description}</p>}
            <p className="text-xs text-muted-foreground">
              {formatDay(e.startTime)}, {formatSpan(e.startTime, e.endTime)}
            </p>
            <OrganizationLine organizationId={e.organizationId} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{singular(labels.workOrders)}</TableHead>
              <OrganizationHead />
              <TableHead>{singular(labels.customers)}</TableHead>
              <TableHead>Employee</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>When</TableHead>
              <TableHead>Duration</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id} data-testid="time-entry-row">
                <TableCell className="font-medium">{e.workOrderTitle ?? `#${e.workOrderId}`}</TableCell>
                <OrganizationCell organizationId={e.organizationId} />
                <TableCell>{e.customerName ?? '-'}</TableCell>
                <TableCell>{e.employeeName ?? '-'}</TableCell>
                <TableCell className="max-w-xs truncate">{e.description ?? '-'}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <span className="block">{formatDay(e.startTime)}</span>
                  <span className="block text-xs text-muted-foreground">{formatSpan(e.startTime, e.endTime)}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{e.isActive ? <Badge>Active</Badge> : duration(e)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  );
}
