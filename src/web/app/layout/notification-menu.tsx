import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@contracts/notifications';
import type { DeferredMenuProps } from '@/components/deferred-menu';
import { Spinner } from '@/components/ui/spinner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { useMarkAllNotificationsRead } from '@/features/notifications/api/mark-all-notifications-read';
import { notificationKeys } from '@/features/notifications/api/notification-keys';
import { NotificationItem } from '@/features/notifications/components/notification-item';

export function NotificationMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const [isOpen, setOpen] = useState(defaultOpen);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: unread } = useUnreadCount();
  const notifications = useNotifications({ enabled: isOpen });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const count = unread?.count ?? 0;

  const onOpenChange = (open: boolean) => {
    setOpen(open);
    // Opening the list is the moment to be current; nothing polls in the background.
    if (open) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };

  const onSelect = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    if (notification.link?.startsWith('/')) navigate(notification.link);
  };

  return (
    <DropdownMenu open={isOpen} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel>Notifications</DropdownMenuLabel>
          {/* A menu may hold only menu items, so the action is one; it keeps the menu open to show the result. */}
          <DropdownMenuItem
            className="h-7 px-2 font-medium text-primary focus:text-primary"
            disabled={count === 0 || markAll.isPending}
            onSelect={(event) => {
              event.preventDefault();
              markAll.mutate();
            }}
          >
            Mark all as read
          </DropdownMenuItem>
        </div>
        <DropdownMenuSeparator />
        {notifications.isPending ? (
          <Spinner className="py-6" />
        ) : notifications.isError ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">Could not load notifications</p>
        ) : notifications.data.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">No notifications</p>
        ) : (
          <div className="max-h-96 overflow-y-auto">
            {notifications.data.map((n) => (
              <DropdownMenuItem key={n.id} onSelect={() => onSelect(n)} className="items-start">
                <NotificationItem notification={n} />
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
