// The dispatch board's calls (docs/rules/team.md#dispatch-board): the board, moving an appointment (the scheduling
// API's own PUT, so the same rules and 409) and scheduling a job.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DispatchBoard, ScheduleJobBody } from '@contracts/dispatch';
import type { Appointment } from '@contracts/scheduling';
import { api } from '@/lib/api-client';

export const dispatchQueryKey = ['dispatch'] as const;

export function useDispatchBoard(date: string | null, days: 1 | 7) {
  return useQuery({
    queryKey: [...dispatchQueryKey, date, days],
    queryFn: () => api.get<DispatchBoard>(`/api/dispatch?days=${days}${date ? `&date=${date}` : ''}`),
    placeholderData: (previous) => previous,
  });
}

/** What a drop on the board changes of an appointment. */
export interface MoveInput {
  id: number;
  date: string;
  time: string;
  assigneeIds: number[];
}

export interface ScheduleJobInput extends Pick<ScheduleJobBody, 'date' | 'time' | 'assigneeIds'> {
  jobId: number;
}

/** Either write refetches the board afterwards, so a refused move shows the card where it was. */
export function useBoardWrites() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: dispatchQueryKey });
    // The Scheduling screen's appointments and the job lists show what changed here too (their keys' first words).
    void queryClient.invalidateQueries({ queryKey: ['scheduling', 'appointments'] });
    void queryClient.invalidateQueries({ queryKey: ['work-orders'] });
  };
  return {
    move: useMutation({
      mutationFn: ({ id, date, time, assigneeIds }: MoveInput) => api.put<Appointment>(`/api/appointments/${id}`, { appointmentDate: date, appointmentTime: time, assigneeIds }),
      onSettled: settle,
    }),
    scheduleJob: useMutation({
      mutationFn: ({ jobId, ...body }: ScheduleJobInput) => api.post<Appointment>(`/api/dispatch/jobs/${jobId}/schedule`, body),
      onSettled: settle,
    }),
  };
}
