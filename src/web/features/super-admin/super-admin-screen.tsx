import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import type { AdminUser } from '@contracts/admin';
import type { Role } from '@contracts/permissions';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { setImpersonationToken } from '@/lib/impersonation-token';
import { hardNavigate } from '@/lib/hard-navigate';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { PageHeader } from '@/components/page-header';
import { ListBlock } from '@/components/list-block';
import { useListState } from '@/lib/use-list-state';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '@/features/super-admin/api/get-admin-users';
import { useSystemStats } from '@/features/super-admin/api/get-system-stats';
import { useImpersonateUser } from '@/features/super-admin/api/impersonate-user';
import { useUpdateUserRole } from '@/features/super-admin/api/update-user-role';
import { SystemStatCards } from '@/features/super-admin/components/system-stat-cards';
import { UserRow } from '@/features/super-admin/components/user-row';
import { RoleChangeDialog } from '@/features/super-admin/components/role-change-dialog';

// Dialogs (Radix, focus trap, forms and their validators) and the audit log load when first needed, not with the landing page.
const ImpersonateDialog = lazy(() =>
  import('@/features/super-admin/components/impersonate-dialog').then((m) => ({ default: m.ImpersonateDialog })),
);
const CreateUserDialog = lazy(() => import('@/features/super-admin/components/create-user-dialog').then((m) => ({ default: m.CreateUserDialog })));
const AuditLogPanel = lazy(() => import('@/features/super-admin/components/audit-log-panel').then((m) => ({ default: m.AuditLogPanel })));

type Tab = 'users' | 'audit';
const TABS = [
  { value: 'users' as const, label: 'Users' },
  { value: 'audit' as const, label: 'Audit Log' },
];

export function SuperAdminScreen() {
  const { user: me } = useCurrentUser();
  const stats = useSystemStats();
  const [tab, setTab] = useState<Tab>('users');
  const [creating, setCreating] = useState(false);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Super User Administration"
        description="Every user of every organization. Impersonate a user to see Tradebook exactly as they do."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Create User
          </Button>
        }
      />
      <SystemStatCards stats={stats.data} error={stats.error} />
      <Tabs items={TABS} value={tab} onValueChange={setTab} label="Administration">
        <Card className="overflow-hidden">
          {tab === 'users' ? (
            <UsersPanel myId={me?.id ?? null} />
          ) : (
            <Suspense fallback={<PanelLoading />}>
              <AuditLogPanel />
            </Suspense>
          )}
        </Card>
      </Tabs>
      {creating && (
        <Suspense fallback={null}>
          <CreateUserDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </div>
  );
}

function PanelLoading() {
  return (
    <div className="space-y-3 p-4" aria-busy="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

function UsersPanel({ myId }: { myId: number | null }) {
  const list = useListState();
  const users = useAdminUsers(list.q, list.page);
  const impersonate = useImpersonateUser();
  const updateRole = useUpdateUserRole();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [roleChange, setRoleChange] = useState<{ user: AdminUser; role: Role } | null>(null);
  const pending = updateRole.isPending ? updateRole.variables : undefined;

  const onRoleChange = (user: AdminUser, role: Role) => {
    if (role !== user.role) setRoleChange({ user, role });
  };

  const onRoleConfirm = ({ user, role }: { user: AdminUser; role: Role }) => {
    setRoleChange(null);
    updateRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => toast({ title: 'User role updated successfully' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to update user role', description: errorMessage(error) }),
      },
    );
  };

  const onConfirm = (user: AdminUser) => {
    impersonate.mutate(user.id, {
      onSuccess: ({ sessionToken }) => {
        setImpersonationToken(sessionToken);
        // A full load so every cached query is fetched again as the impersonated user.
        hardNavigate('/?impersonating=true');
      },
      onError: (error) => {
        setTarget(null);
        toast({ variant: 'destructive', title: 'Failed to start impersonation', description: errorMessage(error) });
      },
    });
  };

  return (
    <>
      <ListBlock
        name="admin-users"
        plain
        query={users}
        exportFrom={{ path: '/api/admin/users', params: { q: list.q } }}
        list={list}
        pageSize={ADMIN_USERS_PAGE_SIZE}
        searchPlaceholder="Search users..."
        emptyText="No users yet."
        failedTitle="Failed to load users"
        toolbar={<p className="text-sm text-muted-foreground sm:ml-auto">{users.data ? `${users.data.total} users, sorted by first name` : 'Loading users'}</p>}
      >
        {(rows) => (
          <ul className="divide-y" aria-label="Users">
            {rows.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === myId}
                pendingRole={pending?.id === user.id ? pending.role : null}
                onRoleChange={onRoleChange}
                onImpersonate={setTarget}
              />
            ))}
          </ul>
        )}
      </ListBlock>
      {roleChange && (
        <RoleChangeDialog user={roleChange.user} role={roleChange.role} onConfirm={() => onRoleConfirm(roleChange)} onCancel={() => setRoleChange(null)} />
      )}
      {target && (
        <Suspense fallback={null}>
          <ImpersonateDialog
            user={target}
            isPending={impersonate.isPending || impersonate.isSuccess}
            onConfirm={onConfirm}
            onCancel={() => setTarget(null)}
          />
        </Suspense>
      )}
    </>
  );
}
