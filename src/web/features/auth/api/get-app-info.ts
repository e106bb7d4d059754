import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AppInfo {
  /** True outside production: sign-in codes land in the outbox at /dev/outbox. */
  devOutbox: boolean;
}

export function getAppInfo(): Promise<AppInfo> {
  return api.get<AppInfo>('/api/public/app-info');
}

export function useAppInfo() {
  return useQuery({ queryKey: ['app-info'], queryFn: getAppInfo, staleTime: Infinity });
}
