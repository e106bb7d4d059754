import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageSpinner } from '@/components/ui/spinner';
import { PublicHeader } from '@/components/public/public-header';
import { PublicImpersonationBanner } from '@/components/public/public-impersonation-banner';

/**
 * DECISIONS.md "Customer portal": reached by a signed-in customer, staff previewing a customer, or a
 * signed portal link; anyone else is sent to sign in. The portal's content arrives in a later issue.
 */
export function CustomerPortalScreen() {
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const hasPortalToken = searchParams.has('token');

  useEffect(() => {
    document.title = 'Customer Portal · Tradebook';
  }, []);

  if (isLoading) return <PageSpinner />;
  if (!user && !hasPortalToken) return <Navigate to="/login" replace />;

  const organization = user?.organization?.slug
    ? { name: user.organization.name, logo: user.organization.logo, slug: user.organization.slug }
    : null;

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicImpersonationBanner />
      <PublicHeader organization={organization} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 md:px-6">
        <h1 className="text-2xl font-bold tracking-tight">Customer Portal</h1>
        {user && <p className="mt-1 text-muted-foreground">Welcome, {user.firstName || user.email}</p>}
      </main>
    </div>
  );
}
