// Organization Management shows two features side by side: the organization's details (features/organization) and
// its payment processors (features/payment-processors). Features do not import each other (docs/ARCHITECTURE.md,
// Web): the app composes them.
import { OrganizationScreen } from '@/features/organization/organization-screen';
import { OrganizationProcessorsPanel } from '@/features/payment-processors/components/organization-processors-panel';

export function OrganizationRoute() {
  return <OrganizationScreen processorsPanel={(organizationId) => <OrganizationProcessorsPanel key={organizationId} organizationId={organizationId} />} />;
}
