import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@contracts/dashboard';
import { api } from '@/lib/api-client';

const MINUTE = 60_000;

/** Every save elsewhere invalidates ['dashboard'], which refreshes these figures. */
export const dashboardStatsQueryKey = ['dashboard', 'stats'] as const;

export function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return api.get<DashboardStats>('/api/dashboard/stats', { signal });
}

/** docs/rules/reports.md#dashboard-lists: dashboard data is fresh for 5 minutes and kept for 10. */
export const dashboardStatsQueryOptions = queryOptions({
  queryKey: dashboardStatsQueryKey,
  queryFn: ({ signal }) => getDashboardStats(signal),
  staleTime: 5 * MINUTE,
  gcTime: 10 * MINUTE,
});

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions);
}
