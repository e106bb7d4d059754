import { lazy } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DeferredMenu } from '@/components/deferred-menu';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';

const loadMenu = () => import('@/app/layout/notification-menu');
const NotificationMenu = lazy(() => loadMenu().then((m) => ({ default: m.NotificationMenu })));

/** The real unread count replaces the original's fixed '3' (docs/rules/messaging.md#notifications). */
export function NotificationBell() {
  const { data: unread } = useUnreadCount();
  const count = unread?.count ?? 0;
  const trigger = (
    <Button variant="ghost" size="icon" className="relative" aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}>
      <Bell className="size-5" />
      {count > 0 && (
        <span
          data-testid="notification-count"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Button>
  );
  return <DeferredMenu trigger={trigger} menu={NotificationMenu} preload={() => void loadMenu()} />;
}
