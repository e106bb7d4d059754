import { useQuery } from '@tanstack/react-query';
import type { Slot } from '@contracts/scheduling';
import { api } from '@/lib/api-client';

export const publicSlotsKey = (slug: string) => ['public', 'slots', slug] as const;

/** The day's open 30-minute slots; the server already leaves out past, taken and overlapping times. */
export function usePublicSlots(slug: string, date: string | null, serviceId: number | null) {
  return useQuery({
    queryKey: [...publicSlotsKey(slug), date, serviceId],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ date: date ?? '' });
      if (serviceId) params.set('serviceId', String(serviceId));
      return api.get<Slot[]>(`/api/public/slots-by-slug/${encodeURIComponent(slug)}?${params}`, { signal });
    },
    enabled: Boolean(date && serviceId),
    // Slots go stale as other visitors book.
    staleTime: 30_000,
  });
}
