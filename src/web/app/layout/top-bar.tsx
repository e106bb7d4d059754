import { Menu } from 'lucide-react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/app/layout/notification-bell';
import { UserMenu } from '@/app/layout/user-menu';
import { GlobalSearch } from '@/features/search/components/global-search';

interface TopBarProps {
  title: string;
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function TopBar({ title, isSidebarOpen, onToggleSidebar }: TopBarProps) {
  const { user } = useCurrentUser();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-card/95 px-3 backdrop-blur md:px-6">
      <Button
        variant="ghost"
        size="icon"
        onClick={onToggleSidebar}
        aria-label={isSidebarOpen ? 'Hide menu' : 'Show menu'}
        aria-expanded={isSidebarOpen}
      >
        <Menu />
      </Button>
      <div className="min-w-0">
        <div className="truncate text-lg leading-tight font-semibold" data-testid="page-title">
          {title}
        </div>
        {user?.organization && (
          <div className="truncate text-xs text-muted-foreground" data-testid="organization-name">
            {user.organization.name}
          </div>
        )}
      </div>
      <div className="ml-auto flex items-center gap-1 md:gap-3">
        <GlobalSearch />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
