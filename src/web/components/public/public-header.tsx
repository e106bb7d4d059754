import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { OrganizationLogo } from '@/components/public/organization-logo';
import { SessionActions } from '@/components/public/session-actions';

interface PublicHeaderProps {
  organization?: { name: string; logo: string | null; slug: string } | null;
  children?: ReactNode;
}

export function PublicHeader({ organization, children }: PublicHeaderProps) {
  return (
    <header className="border-b bg-card">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 md:px-6">
        {organization ? (
          <Link to={`/org/${organization.slug}`} className="flex max-w-full min-w-0 flex-1 basis-48 items-center gap-3">
            <OrganizationLogo name={organization.name} logo={organization.logo} className="size-10 text-base" />
            <span className="truncate text-lg font-semibold" data-testid="public-organization-name">
              {organization.name}
            </span>
          </Link>
        ) : (
          <BrandMark />
        )}
        <div className="ml-auto flex items-center gap-2">
          {children}
          <SessionActions />
        </div>
      </div>
    </header>
  );
}
