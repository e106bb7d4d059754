import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingBody, bookingResultSchema } from '@contracts/scheduling';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { publicSlotsKey } from '@/features/booking/api/get-public-slots';

export type BookingResult = z.infer<typeof bookingResultSchema>;

export function useBookAppointment(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingBody) => api.post<BookingResult>(`/api/public/schedule-by-slug/${encodeURIComponent(slug)}/book`, body),
    // Booked or refused as taken, the day's slots have changed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: publicSlotsKey(slug) }),
  });
}
