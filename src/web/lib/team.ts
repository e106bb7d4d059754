// The team (docs/rules/team.md): who is on it, their hours and time off, and the caller's calendar feed. Read by the
// team screen and by every form that assigns people (appointments, services, jobs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed, StaffMember, TimeOff, TimeOffBody, UpdateStaffMemberBody } from '@contracts/team';
import { api } from '@/lib/api-client';

export const teamQueryKey = ['team'] as const;

const orgQuery = (organizationId?: number | null) => (organizationId ? `?organizationId=${organizationId}` : '');

/** GET /api/team: the organization's staff members (a super user names one with `organizationId`). */
export function useTeam(organizationId?: number | null, enabled = true) {
  return useQuery({
    queryKey: [...teamQueryKey, organizationId ?? null],
    queryFn: () => api.get<StaffMember[]>(`/api/team${orgQuery(organizationId)}`),
    enabled,
    staleTime: 60_000,
  });
}

export function useUpdateStaffMember(organizationId?: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: number; input: UpdateStaffMemberBody }) => api.put<StaffMember>(`/api/team/${userId}${orgQuery(organizationId)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

const timeOffKey = (userId: number) => [...teamQueryKey, 'time-off', userId] as const;

export function useTimeOff(userId: number | null, organizationId?: number | null) {
  return useQuery({
    queryKey: [...timeOffKey(userId ?? 0), organizationId ?? null],
    queryFn: () => api.get<TimeOff[]>(`/api/team/${userId}/time-off${orgQuery(organizationId)}`),
    enabled: userId !== null,
  });
}

export function useAddTimeOff(userId: number, organizationId?: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeOffBody) => api.post<TimeOff>(`/api/team/${userId}/time-off${orgQuery(organizationId)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeOffKey(userId) }),
  });
}

export function useRemoveTimeOff(userId: number, organizationId?: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/team/time-off/${id}${orgQuery(organizationId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeOffKey(userId) }),
  });
}

const feedKey = ['calendar-feed'] as const;

export function useCalendarFeed() {
  return useQuery({ queryKey: feedKey, queryFn: () => api.get<CalendarFeed>('/api/me/calendar-feed') });
}

/** Makes a new address (answered once with its URL) or turns the feed off. */
export function useCalendarFeedWrite() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: feedKey });
  return {
    create: useMutation({ mutationFn: () => api.post<CalendarFeed>('/api/me/calendar-feed', {}), onSuccess: done }),
    revoke: useMutation({ mutationFn: () => api.delete<CalendarFeed>('/api/me/calendar-feed'), onSuccess: done }),
  };
}
