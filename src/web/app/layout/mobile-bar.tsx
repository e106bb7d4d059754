import { NavLink, useLocation } from 'react-router';
import { Clock, LayoutDashboard, MoreHorizontal, Users, Wrench, type LucideIcon } from 'lucide-react';
import { useLabels } from '@/lib/use-labels';
import { cn } from '@/lib/utils';
import { isActivePath } from '@/app/layout/nav-items';

/** Part 1 section 2: long labels do not fit a fifth of a phone's width. */
function shortLabel(label: string, fallback: string): string {
  return label.length > 8 ? fallback : label;
}

export function MobileBar() {
  const labels = useLabels();
  const { pathname } = useLocation();
  const items: { path: string; label: string; icon: LucideIcon }[] = [
    { path: '/', label: 'Dashboard', icon: LayoutDashboard },
    { path: '/work-orders', label: shortLabel(labels.workOrders, 'Jobs'), icon: Wrench },
    { path: '/customers', label: shortLabel(labels.customers, 'Clients'), icon: Users },
    { path: '/time-tracking', label: 'Time', icon: Clock },
    { path: '/reports', label: 'More', icon: MoreHorizontal },
  ];
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
            className={cn(
              'flex flex-col items-center gap-1 py-2 text-[11px] font-medium',
              active ? 'text-primary' : 'text-muted-foreground',
            )}
          >
            <Icon className="size-5" aria-hidden />
            <span className="max-w-full truncate px-1">{label}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
