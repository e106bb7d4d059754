import { useQuery } from '@tanstack/react-query';
import type { PublicSchedule } from '@contracts/scheduling';
import { api, isApiError } from '@/lib/api-client';

export const publicScheduleKey = (slug: string) => ['public', 'schedule', slug] as const;

export function usePublicSchedule(slug: string) {
  return useQuery({
    queryKey: publicScheduleKey(slug),
    queryFn: () => api.get<PublicSchedule>(`/api/public/schedule-by-slug/${encodeURIComponent(slug)}`),
    // An unknown link stays unknown; retrying would only delay the Schedule Not Found page.
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}
