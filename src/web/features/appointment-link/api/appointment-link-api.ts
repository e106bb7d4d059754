// The calls behind the customer's appointment link (docs/rules/scheduling.md#changing-by-link), all public.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedAppointment, PublicSchedule, Slot } from '@contracts/scheduling';
import { api, isApiError } from '@/lib/api-client';

const base = (token: string) => `/api/public/appointments/${encodeURIComponent(token)}`;

export const appointmentLinkKey = (token: string) => ['public', 'appointment-link', token] as const;
const scheduleKey = (slug: string) => ['public', 'appointment-link', 'schedule', slug] as const;
const slotsKey = (slug: string) => ['public', 'appointment-link', 'slots', slug] as const;

/** The appointment and whether the organization's policy lets the customer change it now. */
export function useManagedAppointment(token: string) {
  return useQuery({
    queryKey: appointmentLinkKey(token),
    queryFn: ({ signal }) => api.get<ManagedAppointment>(base(token), { signal }),
    // An unknown or malformed link stays so; retrying would only delay the not-found page.
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 400) && count < 2,
  });
}

/** Cancelling or moving answers the appointment as it now stands; the page shows that answer. */
function useChange<T>(token: string, call: (input: T) => Promise<ManagedAppointment>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(appointmentLinkKey(token), answer),
    // Moved, cancelled or refused as taken: the offered times have changed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['public', 'appointment-link', 'slots'] }),
  });
}

export function useCancelAppointment(token: string) {
  return useChange<void>(token, () => api.post<ManagedAppointment>(`${base(token)}/cancel`, {}));
}

/** `appointmentDate`: 'YYYY-MM-DDTHH:MM:00' on the organization's wall clock, one of the offered slots. */
export function useRescheduleAppointment(token: string) {
  return useChange<string>(token, (appointmentDate) => api.post<ManagedAppointment>(`${base(token)}/reschedule`, { appointmentDate }));
}

/** The organization's booking rules (open weekdays, how far ahead), as its booking page has them. */
export function useBookingRules(slug: string) {
  return useQuery({
    queryKey: scheduleKey(slug),
    queryFn: ({ signal }) => api.get<PublicSchedule>(`/api/public/schedule-by-slug/${encodeURIComponent(slug)}`, { signal }),
    select: (schedule) => schedule.settings,
  });
}

/** The times the booking page offers on `date` for the appointment's service (its default length when it has none). */
export function useOfferedTimes(slug: string, date: string | null, serviceId: number | null) {
  return useQuery({
    queryKey: [...slotsKey(slug), date, serviceId],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ date: date ?? '' });
      if (serviceId) params.set('serviceId', String(serviceId));
      return api.get<Slot[]>(`/api/public/slots-by-slug/${encodeURIComponent(slug)}?${params}`, { signal });
    },
    enabled: Boolean(date),
    // Slots go stale as other customers book.
    staleTime: 30_000,
  });
}
