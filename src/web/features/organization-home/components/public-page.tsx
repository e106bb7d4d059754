import type { ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { PublicHeader } from '@/components/public/public-header';
import { PublicImpersonationBanner } from '@/components/public/public-impersonation-banner';
import { OrganizationError } from '@/features/organization-home/components/organization-error';
import { usePublicOrganization, type SluggedOrganization } from '@/features/organization-home/api/get-public-organization';

interface PublicOrganizationPageProps {
  slug: string;
  notFoundTitle?: string;
  children: (organization: SluggedOrganization) => ReactNode;
}

/** The frame of every public organization page: banner, header, then the page's own content. */
export function PublicOrganizationPage({ slug, notFoundTitle, children }: PublicOrganizationPageProps) {
  const query = usePublicOrganization(slug);
  const organization = query.data ? { ...query.data, slug: query.data.slug ?? slug } : null;
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicImpersonationBanner />
      <PublicHeader organization={organization} />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <OrganizationError error={query.error} onRetry={() => void query.refetch()} notFoundTitle={notFoundTitle} />
      ) : (
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 md:px-6">{organization && children(organization)}</main>
      )}
      <footer className="border-t py-4 text-center text-xs text-muted-foreground">Powered by Tradebook</footer>
    </div>
  );
}
