// Accounting (/accounting; docs/rules/data-exchange.md#accounting-screen): exports of the period's books for the
// accountant, the exports made so far, and the settings they use.
import { useState } from 'react';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useCan } from '@/lib/auth/use-can';
import { useListState } from '@/lib/use-list-state';
import { ListBlock } from '@/components/list-block';
import { OrganizationSelect } from '@/components/organization-select';
import { PageHeader } from '@/components/page-header';
import { PanelStatus } from '@/components/panel-status';
import { Card } from '@/components/ui/card';
import { EXPORTS_PAGE_SIZE, useAccountingExports, useAccountingSettings } from '@/features/accounting/api/accounting-api';
import { AccountingSettingsCard } from '@/features/accounting/components/accounting-settings-card';
import { ExportCard } from '@/features/accounting/components/export-card';
import { ExportsTable } from '@/features/accounting/components/exports-table';

export function AccountingScreen() {
  const { user } = useCurrentUser();
  const can = useCan();
  const isSuperUser = user?.role === 'super_user';
  // undefined until a super user chooses: their own organization first, if they have one.
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const organizationId = isSuperUser ? (chosen === undefined ? (user?.organizationId ?? null) : chosen) : null;
  const ready = Boolean(user) && (!isSuperUser || organizationId !== null);
  const settings = useAccountingSettings(organizationId, ready);
  const list = useListState();
  const exports = useAccountingExports(organizationId, list.page * EXPORTS_PAGE_SIZE, ready);
  const canEditSettings = can('manage_organization');

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Accounting" description="Your invoices, credit notes, payments and refunds as files your accountant imports into QuickBooks or Xero." />
      {isSuperUser && (
        // A super user works on one organization's books at a time.
        <OrganizationSelect id="accounting-organization" value={organizationId} onChange={setChosen} noneLabel="Choose an organization" className="sm:w-64" />
      )}
      {!ready ? (
        <p className="text-sm text-muted-foreground">Choose an organization to export its books.</p>
      ) : (
        <>
          {settings.data ? (
            <ExportCard key={organizationId ?? 'own'} settings={settings.data} organizationId={organizationId} canEditSettings={canEditSettings} />
          ) : (
            <Card>
              <PanelStatus isPending={settings.isPending} error={settings.error} isEmpty={false} emptyText="" failedTitle="Failed to load the accounting settings" testId="accounting-settings">
                {null}
              </PanelStatus>
            </Card>
          )}
          <ListBlock
            name="accounting-exports"
            title={<h2 className="font-semibold">Past exports</h2>}
            query={exports}
            list={list}
            pageSize={EXPORTS_PAGE_SIZE}
            emptyText="No exports yet."
            failedTitle="Failed to load the exports"
          >
            {(rows) => <ExportsTable rows={rows} />}
          </ListBlock>
          {canEditSettings && settings.data && <AccountingSettingsCard key={organizationId ?? 'own'} settings={settings.data} organizationId={organizationId} />}
        </>
      )}
    </div>
  );
}
