import { lazy } from 'react';
import { displayName, initials } from '@contracts/format';
import { useCurrentUser } from '@/lib/auth/current-user';
import { Button } from '@/components/ui/button';
import { DeferredMenu } from '@/components/deferred-menu';

const loadMenu = () => import('@/app/layout/user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadMenu().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * The user's initials in a circle: what components/ui/avatar.tsx renders when there is no picture, the same elements
 * and classes, without Radix's image loading, which would put three more chunks on every signed-in first page.
 */
function InitialsAvatar({ initials: text }: { initials: string }) {
  return (
    <span aria-hidden data-slot="avatar" className="relative flex size-8 shrink-0 overflow-hidden rounded-full">
      <span data-slot="avatar-fallback" className="flex size-full items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
        {text}
      </span>
    </span>
  );
}

export function UserMenu() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const trigger = (
    // Named by its content, so the visible name is part of what is read out and can be spoken (WCAG 2.5.3); the
    // initials only repeat the name.
    <Button variant="ghost" className="h-10 gap-2 px-1.5 md:px-2">
      <InitialsAvatar initials={initials(user)} />
      <span className="sr-only">User menu</span>{' '}
      <span className="hidden max-w-40 truncate text-sm font-medium xl:inline">{displayName(user)}</span>
    </Button>
  );
  return <DeferredMenu trigger={trigger} menu={UserMenuDropdown} preload={() => void loadMenu()} />;
}
