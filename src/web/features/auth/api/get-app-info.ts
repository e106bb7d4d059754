import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AppInfo {
  /**
   * True when the server would show this browser the outbox at /dev/outbox (no SMTP, not production, and this
   * browser on the server's own machine). The server decides; the screen only shows the hint.
   */
  devOutbox: boolean;
}

export function getAppInfo(): Promise<AppInfo> {
  return api.get<AppInfo>('/api/public/app-info');
}

export function useAppInfo() {
  return useQuery({ queryKey: ['app-info'], queryFn: getAppInfo, staleTime: Infinity });
}
