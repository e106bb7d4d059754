import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { X } from 'lucide-react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { BrandMark } from '@/components/brand-mark';
import { isActivePath, navItemsFor } from '@/app/layout/nav-items';

interface SidebarProps {
  isOpen: boolean;
  isDrawer: boolean;
  onClose: () => void;
  onNavigate: () => void;
}

export function Sidebar({ isOpen, isDrawer, onClose, onNavigate }: SidebarProps) {
  const { user } = useCurrentUser();
  const labels = useLabels();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!isDrawer || !isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isDrawer, isOpen, onClose]);

  if (!user || !isOpen) return null;
  const items = navItemsFor(user.effectivePermissions, labels);

  const panel = (
    <aside
      aria-label="Main navigation"
      className={cn(
        'flex w-64 shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground',
        isDrawer ? 'fixed inset-y-0 left-0 z-50 shadow-xl' : 'sticky top-0 h-screen',
      )}
    >
      <div className="flex h-16 items-center justify-between gap-2 border-b border-sidebar-border px-4">
        <BrandMark />
        {isDrawer && (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close menu">
            <X />
          </Button>
        )}
      </div>
      {user.organization && (
        <div className="border-b border-sidebar-border px-4 py-3">
          <p className="text-xs text-muted-foreground">Organization</p>
          <p className="truncate text-sm font-medium text-foreground">{user.organization.name}</p>
        </div>
      )}
      {/* The list takes the rest of the sidebar's height and scrolls inside it, so the last entries are reachable on
          short screens and never cut off above unused space (docs/decisions/013-small-screen-layout-and-confirmations.md). */}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain [scrollbar-width:thin]" data-testid="sidebar-scroll">
        <nav className="p-3">
          <ul className="space-y-0.5" data-testid="sidebar-nav">
            {items.map((item) => {
              const active = isActivePath(item.path, pathname);
              const Icon = item.icon;
              return (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      active
                        ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                        : 'hover:bg-muted hover:text-foreground',
                    )}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden />
                    <span className="truncate">{item.label}</span>
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </aside>
  );

  if (!isDrawer) return panel;
  return (
    <>
      <div className="fixed inset-0 z-40 bg-black/40" aria-hidden onClick={onClose} />
      {panel}
    </>
  );
}
