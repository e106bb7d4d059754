import { Pencil } from 'lucide-react';
import type { User } from '@contracts/users';
import { displayName, formatDateTime, initials } from '@contracts/format';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RoleBadge } from '@/components/role-badge';
import { ActiveBadge } from '@/components/active-badge';

interface UsersTableProps {
  users: User[];
  /** Super users see every organization's users, so the organization is shown. */
  showOrganization: boolean;
  canEdit: (user: User) => boolean;
  onEdit: (user: User) => void;
}

const lastLogin = (u: User) => formatDateTime(u.lastLoginAt, 'Never');

function EditButton({ user, onEdit }: { user: User; onEdit: (user: User) => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={() => onEdit(user)} aria-label={`Edit ${displayName(user)}`} title="Edit">
      <Pencil aria-hidden />
      <span className="hidden xl:inline">Edit</span>
    </Button>
  );
}

/** A table on wide screens, a stacked list on phones. */
export function UsersTable({ users, showOrganization, canEdit, onEdit }: UsersTableProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Role</TableHead>
              {showOrganization && <TableHead>Organization</TableHead>}
              <TableHead>Status</TableHead>
              <TableHead>Last Login</TableHead>
              <TableHead className="w-0">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {users.map((u) => (
              <TableRow key={u.id} data-testid="user-row" data-email={u.email}>
                <TableCell className="min-w-40">
                  <div className="flex items-center gap-2">
                    <Avatar className="size-7">
                      <AvatarFallback className="text-xs">{initials(u)}</AvatarFallback>
                    </Avatar>
                    <span className="font-medium">{displayName(u)}</span>
                  </div>
                </TableCell>
                <TableCell>
                  <p className="max-w-56 truncate" title={u.email}>
                    {u.email}
                  </p>
                </TableCell>
                <TableCell>
                  <RoleBadge role={u.role} />
                </TableCell>
                {showOrganization && <TableCell className="max-w-40 truncate text-muted-foreground">{u.organizationName ?? 'No organization'}</TableCell>}
                <TableCell>
                  <ActiveBadge isActive={u.isActive} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">{lastLogin(u)}</TableCell>
                <TableCell className="py-1 pr-2 pl-0 text-right">{canEdit(u) && <EditButton user={u} onEdit={onEdit} />}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Users">
        {users.map((u) => (
          <li key={u.id} className="flex items-start gap-3 px-4 py-3" data-testid="user-card" data-email={u.email}>
            <Avatar className="size-9">
              <AvatarFallback>{initials(u)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <p className="truncate font-medium">{displayName(u)}</p>
              <p className="truncate text-xs text-muted-foreground">{u.email}</p>
              {showOrganization && <p className="truncate text-xs text-muted-foreground">{u.organizationName ?? 'No organization'}</p>}
              <div className="flex flex-wrap items-center gap-2">
                <RoleBadge role={u.role} />
                <ActiveBadge isActive={u.isActive} />
              </div>
              <p className="text-xs text-muted-foreground">Last login: {lastLogin(u)}</p>
            </div>
            {canEdit(u) && <EditButton user={u} onEdit={onEdit} />}
          </li>
        ))}
      </ul>
    </>
  );
}
