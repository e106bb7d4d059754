import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unreadCountSchema } from '@contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/features/notifications/api/notification-keys';

type UnreadCount = z.infer<typeof unreadCountSchema>;

export function getUnreadCount(): Promise<UnreadCount> {
  return api.get<UnreadCount>('/api/notifications/unread-count');
}

export function useUnreadCount() {
  return useQuery({ queryKey: notificationKeys.unreadCount, queryFn: getUnreadCount });
}
