import { lazy } from 'react';
import { displayName, initials } from '@contracts/format';
import { useCurrentUser } from '@/lib/auth/current-user';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DeferredMenu } from '@/components/deferred-menu';

const loadMenu = () => import('@/app/layout/user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadMenu().then((m) => ({ default: m.UserMenuDropdown })));

export function UserMenu() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const trigger = (
    // Named by its content, so the visible name is part of what is read out and can be spoken (WCAG 2.5.3); the
    // initials only repeat the name.
    <Button variant="ghost" className="h-10 gap-2 px-1.5 md:px-2">
      <Avatar aria-hidden>
        <AvatarFallback>{initials(user)}</AvatarFallback>
      </Avatar>
      <span className="sr-only">User menu</span>{' '}
      <span className="hidden max-w-40 truncate text-sm font-medium xl:inline">{displayName(user)}</span>
    </Button>
  );
  return <DeferredMenu trigger={trigger} menu={UserMenuDropdown} preload={() => void loadMenu()} />;
}
