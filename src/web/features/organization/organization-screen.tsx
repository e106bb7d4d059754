import { useState, type ReactNode } from 'react';
import { Plus } from 'lucide-react';
import type { Organization, OrganizationListItem } from '@contracts/organizations';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useCan } from '@/lib/auth/use-can';
import { useOrganizations } from '@/lib/use-organizations';
import { PageHeader } from '@/components/page-header';
import { PanelStatus } from '@/components/panel-status';
import { Button } from '@/components/ui/button';
import { OrganizationDetails } from '@/features/organization/components/organization-details';
import { OrganizationDialog } from '@/features/organization/components/organization-dialog';
import { OrganizationList } from '@/features/organization/components/organization-list';
import { PaymentRemindersCard } from '@/features/organization/components/payment-reminders-card';
import { ReviewRequestsCard } from '@/features/organization/components/review-requests-card';
import { TaxesCard } from '@/features/organization/components/taxes-card';

/**
 * Organization Management (docs/rules/organizations-and-roles.md#organization-form): a super user sees every organization and creates new ones; an
 * organization admin sees and edits their own. Details, logo, public URLs, labels, taxes, payment reminders and the payment
 * processors (Manage/Hide) of the chosen organization, drawn by `processorsPanel` (app/routes/organization-route.tsx).
 */
export function OrganizationScreen({ processorsPanel }: { processorsPanel: (organizationId: number) => ReactNode }) {
  const { user } = useCurrentUser();
  const isSuperUser = user?.role === 'super_user';
  const can = useCan();
  const list = useOrganizations();
  const organizations = list.data ?? [];
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<OrganizationListItem | 'new' | null>(null);
  const selected = pick(organizations, chosenId ?? user?.organizationId ?? null);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Organization"
        description={isSuperUser ? 'Every organization: details, logo, public pages, taxes, payment reminders and payment processors.' : 'Your business details, logo, public pages, taxes, payment reminders and payment processors.'}
        actions={
          isSuperUser && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              Create Organization
            </Button>
          )
        }
      />
      <PanelStatus
        isPending={list.isPending}
        error={list.error}
        isEmpty={organizations.length === 0}
        emptyText={isSuperUser ? 'No organizations yet.' : 'Your account is not part of an organization.'}
        failedTitle="Failed to load organizations"
        testId="organizations"
      >
        <div className={isSuperUser ? 'grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]' : 'grid gap-6'}>
          {isSuperUser && <OrganizationList organizations={organizations} selectedId={selected?.id ?? null} onSelect={setChosenId} />}
          {selected && (
            <div className="grid min-w-0 gap-6">
              <OrganizationDetails organization={selected} onEdit={() => setEditing(selected)} />
              {can('manage_organization') && <TaxesCard key={selected.id} organizationId={isSuperUser ? selected.id : null} />}
              {can('manage_organization') && <PaymentRemindersCard key={selected.id} organizationId={isSuperUser ? selected.id : null} />}
              {can('manage_organization') && <ReviewRequestsCard key={selected.id} organizationId={isSuperUser ? selected.id : null} />}
              {processorsPanel(selected.id)}
            </div>
          )}
        </div>
      </PanelStatus>
      {editing !== null && (
        <OrganizationDialog
          key={editing === 'new' ? 'new' : editing.id}
          organization={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved: Organization) => setChosenId(saved.id)}
        />
      )}
    </div>
  );
}

/** The chosen organization, else the caller's own, else the first in the list. */
function pick(organizations: OrganizationListItem[], id: number | null): OrganizationListItem | null {
  return organizations.find((o) => o.id === id) ?? organizations[0] ?? null;
}
