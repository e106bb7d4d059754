// The running timer, the entries list, start and stop (docs/rules/inventory-and-time.md#timer).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StartTimeEntryBody, TimeEntry } from '@contracts/time-entries';
import { api, errorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';

// Written out rather than imported from @contracts/time-entries, which builds zod schemas on load.
export const ACTIVE_TIMER_POLL_MS = 1000;
export const TIME_ENTRIES_PAGE_SIZE = 25;

export interface WorkOrderOption {
  id: number;
  orderNumber: string;
  title: string;
}

const keys = {
  all: ['time-entries'] as const,
  active: ['time-entries', 'active'] as const,
  list: (q: string, page: number) => ['time-entries', 'list', q, page] as const,
};

/** The signed-in user's running timer, asked for every second so another tab's start or stop shows. */
export function useActiveTimer() {
  return useQuery({
    queryKey: keys.active,
    queryFn: ({ signal }) => api.get<TimeEntry | null>('/api/time-entries/active', { signal }),
    refetchInterval: ACTIVE_TIMER_POLL_MS,
  });
}

export function useTimeEntries(q: string, page: number) {
  return useQuery({
    queryKey: keys.list(q, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(TIME_ENTRIES_PAGE_SIZE), offset: String(page * TIME_ENTRIES_PAGE_SIZE) });
      if (q) params.set('q', q);
      return api.getPage<TimeEntry>(`/api/time-entries?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useTimerWorkOrderOptions() {
  return useQuery({
    queryKey: ['work-orders', 'timer-options'],
    queryFn: ({ signal }) => api.get<WorkOrderOption[]>('/api/work-orders?limit=500', { signal }),
  });
}

export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartTimeEntryBody) => api.post<TimeEntry>('/api/time-entries', body),
    onSuccess: (entry) => {
      queryClient.setQueryData(keys.active, entry);
      void queryClient.invalidateQueries({ queryKey: keys.all });
      toast({ title: 'Timer started successfully' });
    },
    onError: (err) => {
      if (isApiError(err, 409)) void queryClient.invalidateQueries({ queryKey: keys.active });
      toast({ variant: 'destructive', title: 'Failed to start timer', description: errorMessage(err) });
    },
  });
}

export function useStopTimer(entryId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.put<TimeEntry>(`/api/time-entries/${entryId}`, { endTime: new Date().toISOString(), isActive: false }),
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
}
