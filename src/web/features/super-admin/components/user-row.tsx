import { UserRoundCog } from 'lucide-react';
import type { AdminUser } from '@contracts/admin';
import { displayName, initials } from '@contracts/format';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { RoleBadge } from '@/features/super-admin/components/role-badge';
import { ActiveBadge } from '@/features/super-admin/components/status-badge';

// One grid, two arrangements: stacked under the name on phones, one line of columns on wide screens.
export function UserRow({ user, onImpersonate }: { user: AdminUser; onImpersonate: (user: AdminUser) => void }) {
  return (
    <li
      data-testid="admin-user-row"
      data-email={user.email}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-4 py-3 lg:grid-cols-[auto_minmax(0,2fr)_minmax(0,1.5fr)_9rem_5rem_8.5rem]"
    >
      <Avatar className="row-span-3 size-9 self-start lg:row-span-1 lg:self-center">
        <AvatarFallback>{initials(user)}</AvatarFallback>
      </Avatar>
      <div className="col-start-2 row-start-1 min-w-0">
        <p className="truncate text-sm font-medium">{displayName(user)}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </div>
      <p className="col-span-2 col-start-2 row-start-2 truncate text-sm text-muted-foreground lg:col-span-1 lg:col-start-3 lg:row-start-1">
        {user.organizationName ?? 'No organization'}
      </p>
      <div className="col-span-2 col-start-2 row-start-3 flex flex-wrap gap-2 lg:contents">
        <div className="lg:col-start-4 lg:row-start-1">
          <RoleBadge role={user.role} />
        </div>
        <div className="lg:col-start-5 lg:row-start-1">
          <ActiveBadge isActive={user.isActive} />
        </div>
      </div>
      <div className="col-start-3 row-start-1 text-right lg:col-start-6">
        {user.role !== 'super_user' && (
          <Button size="sm" variant="outline" onClick={() => onImpersonate(user)}>
            <UserRoundCog aria-hidden />
            Impersonate
          </Button>
        )}
      </div>
    </li>
  );
}
