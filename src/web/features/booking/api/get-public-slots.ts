import { useQuery } from '@tanstack/react-query';
import type { Slot } from '@contracts/scheduling';
import { api } from '@/lib/api-client';

export const publicSlotsKey = (slug: string) => ['public', 'slots', slug] as const;

/**
 * The day's open 30-minute slots; the server already leaves out past, taken and overlapping times. With `staffId`,
 * only that person's (when the organization lets customers choose); without, anyone's.
 */
export function usePublicSlots(slug: string, date: string | null, serviceId: number | null, staffId: number | null = null) {
  return useQuery({
    queryKey: [...publicSlotsKey(slug), date, serviceId, staffId],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ date: date ?? '' });
      if (serviceId) params.set('serviceId', String(serviceId));
      if (staffId) params.set('staffId', String(staffId));
      return api.get<Slot[]>(`/api/public/slots-by-slug/${encodeURIComponent(slug)}?${params}`, { signal });
    },
    enabled: Boolean(date && serviceId),
    // Slots go stale as other visitors book.
    staleTime: 30_000,
  });
}
