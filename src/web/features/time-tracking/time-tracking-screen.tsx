import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { useLabels } from '@/lib/use-labels';
import { useListState } from '@/lib/use-list-state';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ListBlock } from '@/components/list-block';
import { TIME_ENTRIES_PAGE_SIZE, useActiveTimer, useTimeEntries } from '@/features/time-tracking/api/time-entries-api';
import { RunningTimer } from '@/features/time-tracking/components/running-timer';
import { StartTimerForm } from '@/features/time-tracking/components/start-timer-form';
import { TimeEntriesTable } from '@/features/time-tracking/components/time-entries-table';
import { useNow } from '@/features/time-tracking/lib/time-format';

/** Time Tracking (/time-tracking): one running timer per user, and the entries clocked so far. */
export function TimeTrackingScreen() {
  const labels = useLabels();
  const [searchParams] = useSearchParams();
  // The dashboard's Start Timer links here with ?start=1 (docs/rules/reports.md#quick-actions): the start form takes focus.
  const startRequested = searchParams.has('start');
  const now = useNow(60_000);
  const list = useListState();
  const active = useActiveTimer();
  const entries = useTimeEntries(list.q, list.page);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Time Tracking" description={`Clock time against ${labels.workOrders.toLowerCase()}.`} />
      <Card>
        <CardHeader>
          <CardTitle>Time Clock</CardTitle>
        </CardHeader>
        <CardContent>
          {active.isPending ? (
            <div className="space-y-3" data-testid="timer-loading">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : active.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Failed to load the timer</AlertTitle>
              <AlertDescription>{errorMessage(active.error)}</AlertDescription>
            </Alert>
          ) : active.data ? (
            <RunningTimer entry={active.data} />
          ) : (
            <StartTimerForm autoFocus={startRequested} />
          )}
        </CardContent>
      </Card>
      <ListBlock
        name="time-entries"
        query={entries}
        exportFrom={{ path: '/api/time-entries', params: { q: list.q } }}
        list={list}
        pageSize={TIME_ENTRIES_PAGE_SIZE}
        searchPlaceholder="Search time entries..."
        searchLabel="Search time entries"
        emptyText="No time entries yet."
        failedTitle="Failed to load time entries"
      >
        {(rows) => <TimeEntriesTable entries={rows} now={now} />}
      </ListBlock>
    </div>
  );
}
