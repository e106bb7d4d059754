import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Play, Square } from 'lucide-react';
import type { TimeEntry } from '@contracts/time-entries';
import { singular } from '@contracts/vocabulary';
import { api, errorMessage, isApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLabels } from '@/lib/use-labels';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';

// Written out rather than imported from @contracts/time-entries, which builds zod schemas on load.
const ACTIVE_TIMER_POLL_MS = 1000;
const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 25;
const WORK_ORDER_REQUIRED = 'Please select a work order';

interface WorkOrderOption {
  id: number;
  orderNumber: string;
  title: string;
}

const keys = {
  all: ['time-entries'] as const,
  active: ['time-entries', 'active'] as const,
  list: (q: string, page: number) => ['time-entries', 'list', q, page] as const,
};

function minutesBetween(start: string, end: number): number {
  return Math.max(0, Math.floor((end - new Date(start).getTime()) / 60_000));
}

/** Hours and minutes (docs/rules/inventory-and-time.md#timer): "2h 05m". */
function formatDuration(totalMinutes: number): string {
  return `${Math.floor(totalMinutes / 60)}h ${String(totalMinutes % 60).padStart(2, '0')}m`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });
const formatDateTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
/** "1:45 PM - 5:30 PM UTC", the end with its date when the entry ran past midnight. */
function formatSpan(start: string, end: string | null): string {
  if (!end) return `${timeOnly.format(new Date(start))} UTC`;
  const sameDay = dateOnly.format(new Date(start)) === dateOnly.format(new Date(end));
  return `${timeOnly.format(new Date(start))} - ${sameDay ? timeOnly.format(new Date(end)) : dateTime.format(new Date(end))} UTC`;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

function StartTimerForm({ autoFocus }: { autoFocus: boolean }) {
  const labels = useLabels();
  const queryClient = useQueryClient();
  const [workOrderId, setWorkOrderId] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const workOrders = useQuery({
    queryKey: ['work-orders', 'timer-options'],
    queryFn: ({ signal }) => api.get<WorkOrderOption[]>('/api/work-orders?limit=500', { signal }),
  });
  // The select is disabled while its options load, and a disabled element cannot take focus: wait for them, once.
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (!autoFocus || workOrders.isPending || focusedOnce.current) return;
    focusedOnce.current = true;
    selectRef.current?.focus();
  }, [autoFocus, workOrders.isPending]);
  const start = useMutation({
    mutationFn: () => api.post<TimeEntry>('/api/time-entries', { workOrderId: Number(workOrderId), description: description.trim() || null }),
    onSuccess: (entry) => {
      queryClient.setQueryData(keys.active, entry);
      void queryClient.invalidateQueries({ queryKey: keys.all });
      setWorkOrderId('');
      setDescription('');
      toast({ title: 'Timer started successfully' });
    },
    onError: (err) => {
      if (isApiError(err, 409)) void queryClient.invalidateQueries({ queryKey: keys.active });
      toast({ variant: 'destructive', title: 'Failed to start timer', description: errorMessage(err) });
    },
  });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!workOrderId) {
      setError(WORK_ORDER_REQUIRED);
      return;
    }
    setError(null);
    start.mutate();
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor="timer-work-order">{singular(labels.workOrders)}</Label>
        <NativeSelect
          id="timer-work-order"
          ref={selectRef}
          value={workOrderId}
          onChange={(e) => {
            setWorkOrderId(e.target.value);
            if (e.target.value) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'timer-work-order-error' : undefined}
          disabled={workOrders.isPending}
        >
          <option value="">{workOrders.isPending ? 'Loading...' : 'Select a work order'}</option>
          {(workOrders.data ?? []).map((wo) => (
            <option key={wo.id} value={wo.id}>
              {wo.orderNumber} - {wo.title}
            </option>
          ))}
        </NativeSelect>
        {error && (
          <p id="timer-work-order-error" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="timer-description">Description</Label>
        <Textarea id="timer-description" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} placeholder="What are you working on?" />
      </div>
      <div>
        <Button type="submit" disabled={start.isPending}>
          <Play aria-hidden />
          Start Timer
        </Button>
      </div>
    </form>
  );
}

function RunningTimer({ entry }: { entry: TimeEntry }) {
  const queryClient = useQueryClient();
  const now = useNow(ACTIVE_TIMER_POLL_MS);
  const stop = useMutation({
    mutationFn: () => api.put<TimeEntry>(`/api/time-entries/${entry.id}`, { endTime: new Date().toISOString(), isActive: false }),
    onSuccess: () => {
      queryClient.setQueryData(keys.active, null);
      void queryClient.invalidateQueries({ queryKey: keys.all });
      toast({ title: 'Timer stopped successfully' });
    },
    onError: (err) => {
      void queryClient.invalidateQueries({ queryKey: keys.active });
      toast({ variant: 'destructive', title: 'Failed to stop timer', description: errorMessage(err) });
    },
  });
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

function EntriesTable({ entries, now }: { entries: TimeEntry[]; now: number }) {
  const duration = (e: TimeEntry) => formatDuration(e.durationMinutes ?? minutesBetween(e.startTime, e.endTime ? new Date(e.endTime).getTime() : now));
  return (
    <>
      <ul className="divide-y md:hidden">
        {entries.map((e) => (
          <li key={e.id} className="space-y-1 p-4 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="truncate font-medium">{e.workOrderTitle ?? `#${e.workOrderId}`}</span>
              {e.isActive ? <Badge>Active</Badge> : <span className="tabular-nums">{duration(e)}</span>}
            </div>
            <p className="text-muted-foreground">{[e.customerName, e.employeeName].filter(Boolean).join(' · ')}</p>
            {e.description && <p>{e.description}</p>}
            <p className="text-xs text-muted-foreground">
              {dateOnly.format(new Date(e.startTime))}, {formatSpan(e.startTime, e.endTime)}
            </p>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Work Order</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Employee</TableHead>
              <TableHead>Description</TableHead>
              <TableHead>When</TableHead>
              <TableHead>Duration</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="font-medium">{e.workOrderTitle ?? `#${e.workOrderId}`}</TableCell>
                <TableCell>{e.customerName ?? '-'}</TableCell>
                <TableCell>{e.employeeName ?? '-'}</TableCell>
                <TableCell className="max-w-xs truncate">{e.description ?? '-'}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <span className="block">{dateOnly.format(new Date(e.startTime))}</span>
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

export function TimeTrackingScreen() {
  const [searchParams] = useSearchParams();
  // The dashboard's Start Timer links here with ?start=1 (docs/rules/reports.md#quick-actions): the start form takes focus.
  const startRequested = searchParams.has('start');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const now = useNow(60_000);

  const active = useQuery({
    queryKey: keys.active,
    queryFn: ({ signal }) => api.get<TimeEntry | null>('/api/time-entries/active', { signal }),
    refetchInterval: ACTIVE_TIMER_POLL_MS,
  });
  const [pageState, setPageState] = useState({ q, page: 0 });
  // A new search starts again at its first page.
  const page = pageState.q === q ? pageState.page : 0;
  const entries = useQuery({
    queryKey: keys.list(q, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE) });
      if (q) params.set('q', q);
      return api.getPage<TimeEntry>(`/api/time-entries?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
  const rows = entries.data?.rows ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Time Tracking" description="Clock time against work orders." />
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
      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <ListSearch value={search} onChange={setSearch} placeholder="Search time entries..." label="Search time entries" />
        </div>
        {entries.isPending ? (
          <div className="space-y-3 p-4" data-testid="time-entries-loading">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : entries.isError ? (
          <div className="p-4">
            <Alert variant="destructive">
              <AlertTitle>Failed to load time entries</AlertTitle>
              <AlertDescription>{errorMessage(entries.error)}</AlertDescription>
            </Alert>
          </div>
        ) : rows.length === 0 ? (
          <p className="p-10 text-center text-sm text-muted-foreground">{q ? 'No results found.' : 'No time entries yet.'}</p>
        ) : (
          <div className={entries.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <EntriesTable entries={rows} now={now} />
            <ListPager page={page} pageSize={PAGE_SIZE} total={entries.data?.total ?? 0} onPageChange={(next) => setPageState({ q, page: next })} />
          </div>
        )}
      </Card>
    </div>
  );
}
