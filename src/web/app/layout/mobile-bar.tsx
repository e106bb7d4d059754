import { lazy, Suspense, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { cn } from '@/lib/utils';
import { isActivePath, mobileBarItemsFor, moreItemsFor } from '@/app/layout/nav-items';

const ENTRY = 'flex flex-col items-center gap-1 py-2 text-[11px] font-medium';
const loadMoreSheet = () => import('@/app/layout/more-sheet');
const MoreSheet = lazy(() => loadMoreSheet().then((m) => ({ default: m.MoreSheet })));

export function MobileBar() {
  const { user } = useCurrentUser();
  const labels = useLabels();
  const { pathname } = useLocation();
  const permissions = user?.effectivePermissions ?? [];
  const items = mobileBarItemsFor(permissions, labels);
  const more = moreItemsFor(permissions, labels);
  const [isMoreOpen, setMoreOpen] = useState(false);
  const [isMoreLoaded, setMoreLoaded] = useState(false);
  const isInMore = more.some((item) => isActivePath(item.path, pathname));
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
      {more.length > 0 && (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-expanded={isMoreOpen}
          onPointerEnter={() => void loadMoreSheet()}
          onFocus={() => void loadMoreSheet()}
          onClick={() => {
            setMoreLoaded(true);
            setMoreOpen(true);
          }}
          className={cn(ENTRY, isInMore || isMoreOpen ? 'text-primary' : 'text-muted-foreground')}
        >
          <MoreHorizontal className="size-5" aria-hidden />
          <span className="max-w-full truncate px-1">More</span>
        </button>
      )}
      {isMoreLoaded && (
        <Suspense fallback={null}>
          <MoreSheet items={more} isOpen={isMoreOpen} onOpenChange={setMoreOpen} />
        </Suspense>
      )}
    </nav>
  );
}
