import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/auth/current-user';
import { OrganizationProcessorsPanel } from '@/features/payment-processors/components/organization-processors-panel';

/**
 * The organization's own settings. So far its payment processors (who takes its cards and bank transfers);
 * the organization list and details arrive with Organization Management.
 */
export function OrganizationScreen() {
  const { user } = useCurrentUser();
  const organizationId = user?.organizationId ?? null;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Organization" description={user?.organization?.name ?? undefined} />
      {organizationId !== null ? (
        <OrganizationProcessorsPanel organizationId={organizationId} />
      ) : (
        <p className="text-sm text-muted-foreground">Choose an organization on the Payment Processors screen to manage its processors.</p>
      )}
    </div>
  );
}
