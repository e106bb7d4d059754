import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/features/notifications/api/notification-keys';

/** The latest 20, newest first. */
export function getNotifications(): Promise<Notification[]> {
  return api.get<Notification[]>('/api/notifications');
}

export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: notificationKeys.list, queryFn: getNotifications, enabled });
}
