import { NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { cn } from '@/lib/utils';
import { isActivePath, mobileBarItemsFor, moreItemsFor } from '@/app/layout/nav-items';
import { MoreSheet } from '@/app/layout/more-sheet';

const ENTRY = 'flex flex-col items-center gap-1 py-2 text-[11px] font-medium';

export function MobileBar() {
  const { user } = useCurrentUser();
  const labels = useLabels();
  const { pathname } = useLocation();
  const permissions = user?.effectivePermissions ?? [];
  const items = mobileBarItemsFor(permissions, labels);
  const more = moreItemsFor(permissions, labels);
  return (
    <nav
      aria-label="Quick navigation"
      data-testid="mobile-bar"
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-5 border-t bg-card pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      {items.map(({ path, label, icon: Icon }) => {
        const active = isActivePath(path, pathname);
        return (
          <NavLink
            key={path}
            to={path}
            aria-current={active ? 'page' : undefined}
            className={cn(ENTRY, active ? 'text-primary' : 'text-muted-foreground')}
          >
            <Icon className="size-5" aria-hidden />
            <span className="max-w-full truncate px-1">{label}</span>
          </NavLink>
        );
      })}
      {more.length > 0 && <MoreSheet items={more} className={ENTRY} />}
    </nav>
  );
}
