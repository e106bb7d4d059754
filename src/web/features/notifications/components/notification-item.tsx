import type { Notification } from '@contracts/notifications';
import { formatDateTime } from '@contracts/format';
import { cn } from '@/lib/utils';

export function NotificationItem({ notification }: { notification: Notification }) {
  const unread = !notification.readAt;
  return (
    <div className="flex w-full items-start gap-2">
      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')} aria-hidden />
      <div className="min-w-0 flex-1">
        {/* The dot is only seen; a screen reader hears the word. */}
        {unread && <span className="sr-only">Unread: </span>}
        <p className={cn('text-sm', unread ? 'font-semibold' : 'font-normal')}>{notification.title}</p>
        {notification.body && <p className="line-clamp-2 text-xs text-muted-foreground">{notification.body}</p>}
        <p className="mt-0.5 text-[11px] text-muted-foreground">{formatDateTime(notification.createdAt)}</p>
      </div>
    </div>
  );
}
