import { lazy, Suspense, useState } from 'react';
import type { AdminUser } from '@contracts/admin';
import { errorMessage } from '@/lib/api-client';
import { setImpersonationToken } from '@/lib/impersonation-token';
import { hardNavigate } from '@/lib/hard-navigate';
import { toast } from '@/components/ui/use-toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { PageHeader } from '@/components/page-header';
import { useAdminUsers } from '@/features/super-admin/api/get-admin-users';
import { useImpersonateUser } from '@/features/super-admin/api/impersonate-user';
import { UserRow } from '@/features/super-admin/components/user-row';

// The confirm dialog (Radix, focus trap, scroll lock) loads when first needed, not with the landing page.
const ImpersonateDialog = lazy(() =>
  import('@/features/super-admin/components/impersonate-dialog').then((m) => ({ default: m.ImpersonateDialog })),
);

export function SuperAdminScreen() {
  const users = useAdminUsers();
  const impersonate = useImpersonateUser();
  const [target, setTarget] = useState<AdminUser | null>(null);

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
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Super User Administration" description="Every user of every organization. Impersonate a user to see Tradebook exactly as they do." />
      <Card>
        <CardHeader className="border-b pb-4">
          <CardTitle>Users</CardTitle>
          <CardDescription>{users.data ? `${users.data.length} users, sorted by first name` : 'Loading users'}</CardDescription>
        </CardHeader>
        <CardContent className="p-0">
          {users.isPending ? (
            <div className="space-y-3 p-4">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : users.isError ? (
            <div className="p-4">
              <Alert variant="destructive">
                <AlertTitle>Failed to load users</AlertTitle>
                <AlertDescription>{errorMessage(users.error)}</AlertDescription>
              </Alert>
            </div>
          ) : users.data.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">No users yet.</p>
          ) : (
            <ul className="divide-y" aria-label="Users">
              {users.data.map((user) => (
                <UserRow key={user.id} user={user} onImpersonate={setTarget} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
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
    </div>
  );
}
