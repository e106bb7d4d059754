import { useQuery } from '@tanstack/react-query';
import type { PublicService } from '@contracts/scheduling';
import { api } from '@/lib/api-client';

export function usePublicServices(slug: string) {
  return useQuery({
    queryKey: ['public', 'services', slug],
    queryFn: () => api.get<PublicService[]>(`/api/public/services-by-slug/${encodeURIComponent(slug)}`),
  });
}
