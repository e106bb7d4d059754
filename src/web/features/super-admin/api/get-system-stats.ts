import { useQuery } from '@tanstack/react-query';
import type { SystemStats } from '@contracts/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from '@/features/super-admin/api/get-admin-users';

export function useSystemStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api.get<SystemStats>('/api/admin/system-stats', { signal }),
    // Health is about now: read again every minute while the page is open.
    refetchInterval: 60_000,
  });
}
