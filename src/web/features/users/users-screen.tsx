import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import type { User } from '@contracts/users';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';
import { ListStatus } from '@/components/list-status';
import { useListState } from '@/lib/use-list-state';
import { USERS_PAGE_SIZE, useUsers } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';

// The dialog (form, validation, Radix dialog) loads when first opened, not with the list.
const UserDialog = lazy(() => import('@/features/users/components/user-dialog').then((m) => ({ default: m.UserDialog })));

export function UsersScreen() {
  const { user: me } = useCurrentUser();
  const isSuperUser = me?.role === 'super_user';
  const { search, setSearch, q, page, setPage } = useListState();
  const users = useUsers(q, page);
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const rows = users.data?.rows ?? [];
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
      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <ListSearch value={search} onChange={setSearch} placeholder="Search users..." />
        </div>
        <ListStatus
          isPending={users.isPending}
          error={users.error}
          isEmpty={rows.length === 0}
          emptyText={q ? 'No results found.' : 'No users yet.'}
          failedTitle="Failed to load users"
        >
          <div className={users.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <UsersTable users={rows} showOrganization={isSuperUser} canEdit={canEdit} onEdit={setEditing} />
            <ListPager page={page} pageSize={USERS_PAGE_SIZE} total={users.data?.total ?? 0} onPageChange={setPage} />
          </div>
        </ListStatus>
      </Card>
      {editing !== null && (
        <Suspense fallback={null}>
          <UserDialog user={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </div>
  );
}
