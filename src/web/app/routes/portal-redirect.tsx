import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import type { z } from 'zod';
import type { organizationTokenSchema } from '@contracts/auth';
import { api } from '@/lib/api-client';
import { PageSpinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/lib/auth/use-logout';

type OrganizationToken = z.infer<typeof organizationTokenSchema>;

/** Customers and guests never see the shell: they go to /org/{token} (docs/rules/organizations-and-roles.md#customers-and-guests). */
export function PortalRedirect() {
  const { data, isError } = useQuery({
    queryKey: ['auth', 'organization-token'],
    queryFn: () => api.get<OrganizationToken>('/api/auth/organization-token'),
  });
  const { signOut, isSigningOut } = useLogout();

  if (data?.token) return <Navigate to={`/org/${encodeURIComponent(data.token)}`} replace />;
  if (!isError) return <PageSpinner />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Your account is not linked to an organization</h1>
      <p className="max-w-md text-sm text-muted-foreground">Ask the business that invited you to add your account to their organization.</p>
      <Button variant="outline" onClick={signOut} disabled={isSigningOut}>
        {isSigningOut ? 'Signing out...' : 'Sign out'}
      </Button>
    </main>
  );
}
