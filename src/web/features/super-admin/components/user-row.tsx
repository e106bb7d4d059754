import { UserRoundCog } from 'lucide-react';
import type { AdminUser } from '@contracts/admin';
import type { Role } from '@contracts/permissions';
import { displayName, initials } from '@contracts/format';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { RoleBadge } from '@/components/role-badge';
import { RoleSelect } from '@/features/super-admin/components/role-select';
import { ActiveBadge } from '@/components/active-badge';

interface UserRowProps {
  user: AdminUser;
  isSelf: boolean;
  pendingRole: Role | null;
  onRoleChange: (user: AdminUser, role: Role) => void;
  onImpersonate: (user: AdminUser) => void;
}

// One grid, two arrangements: stacked under the name on phones, one line of columns on wide screens.
export function UserRow({ user, isSelf, pendingRole, onRoleChange, onImpersonate }: UserRowProps) {
  return (
    <li
      data-testid="admin-user-row"
      data-email={user.email}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-4 py-3 lg:grid-cols-[auto_minmax(0,2fr)_minmax(0,1.5fr)_8.75rem_11rem_4.75rem_8.25rem]"
    >
      <Avatar className="row-span-4 size-9 self-start lg:row-span-1 lg:self-center">
        <AvatarFallback>{initials(user)}</AvatarFallback>
      </Avatar>
      <div className="col-start-2 row-start-1 min-w-0">
        <p className="truncate text-sm font-medium">{displayName(user)}</p>
        <p className="truncate text-xs text-muted-foreground">{user.email}</p>
      </div>
      <p
        className="col-span-2 col-start-2 row-start-2 truncate text-sm text-muted-foreground lg:col-span-1 lg:col-start-3 lg:row-start-1"
        title={user.organizationName ?? undefined}
      >
        {user.organizationName ?? 'No organization'}
      </p>
      <div className="col-span-2 col-start-2 row-start-3 flex flex-wrap items-center gap-2 lg:contents">
        <div className="lg:col-start-4 lg:row-start-1">
          <RoleBadge role={user.role} />
        </div>
        <div className="lg:col-start-6 lg:row-start-1">
          <ActiveBadge isActive={user.isActive} />
        </div>
      </div>
      <div className="col-span-2 col-start-2 row-start-4 max-w-60 lg:col-span-1 lg:col-start-5 lg:row-start-1 lg:max-w-none">
        <RoleSelect user={user} pendingRole={pendingRole} disabled={isSelf} onChange={onRoleChange} />
      </div>
      <div className="col-start-3 row-start-1 text-right lg:col-start-7">
        {user.role !== 'super_user' && (
          <Button size="sm" variant="outline" aria-label={`Impersonate ${displayName(user)}`} onClick={() => onImpersonate(user)}>
            <UserRoundCog aria-hidden />
            Impersonate
          </Button>
        )}
      </div>
    </li>
  );
}
