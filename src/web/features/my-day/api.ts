// My day's calls (docs/rules/team.md#my-day): the day's visits and On my way, Start and Complete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompleteVisitResult, MyDay, OnMyWayBody, OnMyWayResult, StartVisitResult } from '@contracts/my-day';
import { api } from '@/lib/api-client';

const keys = {
  all: ['my-day'] as const,
  day: (date: string | null) => ['my-day', date ?? 'today'] as const,
};

/** GET /api/my-day; `null` asks for today in the organization's zone. Fresh each minute, for a phone left open. */
export function useMyDay(date: string | null) {
  return useQuery({
    queryKey: keys.day(date),
    queryFn: ({ signal }) => api.get<MyDay>(`/api/my-day${date ? `?date=${date}` : ''}`, { signal }),
    refetchInterval: 60_000,
  });
}

function useVisitAction<TBody, TResult>(path: (id: number) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TBody }) => api.post<TResult>(path(id), body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.all });
      // Start and Complete run the timer; the Time Tracking screen and the job's status follow.
      void queryClient.invalidateQueries({ queryKey: ['time-entries'] });
      void queryClient.invalidateQueries({ queryKey: ['work-orders'] });
    },
  });
}

export const useOnMyWay = () => useVisitAction<OnMyWayBody, OnMyWayResult>((id) => `/api/my-day/${id}/on-my-way`);
export const useStartVisit = () => useVisitAction<Record<string, never>, StartVisitResult>((id) => `/api/my-day/${id}/start`);
export const useCompleteVisit = () => useVisitAction<Record<string, never>, CompleteVisitResult>((id) => `/api/my-day/${id}/complete`);
