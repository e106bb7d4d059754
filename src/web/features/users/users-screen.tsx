import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import type { User } from '@contracts/users';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ListBlock } from '@/components/list-block';
import { useListState } from '@/lib/use-list-state';
import { USERS_PAGE_SIZE, useUsers } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';

// The dialog (form, validation, Radix dialog) loads when first opened, not with the list.
const UserDialog = lazy(() => import('@/features/users/components/user-dialog').then((m) => ({ default: m.UserDialog })));

export function UsersScreen() {
  const { user: me } = useCurrentUser();
  const isSuperUser = me?.role === 'super_user';
  const list = useListState();
  const users = useUsers(list.q, list.page);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  // Only a super user changes a super user (the server says the same).
  const canEdit = (u: User) => isSuperUser || u.role !== 'super_user';

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Users"
        description={isSuperUser ? 'Everyone who can sign in, in every organization.' : 'Everyone who can sign in to your organization, and what they may do.'}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            Add User
          </Button>
        }
      />
      <ListBlock
        name="users"
        query={users}
        exportFrom={{ path: '/api/users', params: { q: list.q } }}
        list={list}
        pageSize={USERS_PAGE_SIZE}
        searchPlaceholder="Search users..."
        emptyText="No users yet."
        failedTitle="Failed to load users"
      >
        {(rows) => <UsersTable users={rows} showOrganization={isSuperUser} canEdit={canEdit} onEdit={setEditing} />}
      </ListBlock>
      {editing !== null && (
        <Suspense fallback={null}>
          <UserDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
