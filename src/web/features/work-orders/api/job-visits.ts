// A job's visits (docs/rules/scheduling.md#a-jobs-visits): the appointments linked to it, and scheduling one (or a
// repeating run of them) through the dispatch board's call, so the same rules, crew and 409 apply.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduleJobBody } from '@contracts/dispatch';
import type { Appointment } from '@contracts/scheduling';
import { api } from '@/lib/api-client';

const visitsKey = (jobId: number) => ['work-orders', 'visits', jobId] as const;

export function useJobVisits(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: visitsKey(jobId),
    queryFn: ({ signal }) => api.get<Appointment[]>(`/api/appointments?workOrderId=${jobId}`, { signal }),
    enabled,
  });
}

export function useScheduleVisit(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleJobBody) => api.post<Appointment>(`/api/dispatch/jobs/${jobId}/schedule`, body),
    onSuccess: () =>
      Promise.all([
        // The job (its crew), the calendars and the board show the new visits; keys by their first words.
        queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['scheduling', 'appointments'] }),
        queryClient.invalidateQueries({ queryKey: ['dispatch'] }),
        queryClient.invalidateQueries({ queryKey: ['my-day'] }),
      ]),
  });
}
