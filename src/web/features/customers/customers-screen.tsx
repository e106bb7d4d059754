import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import { singular } from '@contracts/vocabulary';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { useListState } from '@/lib/use-list-state';
import { useOpenParam } from '@/lib/use-open-param';
import { ListBlock } from '@/components/list-block';
import { ImportButton } from '@/components/import-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '@/features/customers/api/get-customers';
import { CustomersTable } from '@/features/customers/components/customers-table';

// The dialogs (form, validation, Radix dialog) load when first opened, not with the list.
const CustomerDialog = lazy(() => import('@/features/customers/components/customer-dialog').then((m) => ({ default: m.CustomerDialog })));
const CustomerDetailsDialog = lazy(() =>
  import('@/features/customers/components/customer-details-dialog').then((m) => ({ default: m.CustomerDetailsDialog })),
);

export function CustomersScreen() {
  const labels = useLabels();
  const noun = singular(labels.customers);
  const { user } = useCurrentUser();
  const canManage = Boolean(user?.effectivePermissions.includes('manage_customers'));
  const [openId, setOpenId] = useOpenParam();
  const [isCreating, setCreating] = useState(false);
  const list = useListState();
  const customers = useCustomers({ q: list.q, limit: CUSTOMERS_PAGE_SIZE, offset: list.page * CUSTOMERS_PAGE_SIZE });

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={labels.customers}
        description={`Everyone you work for: contact details, billing terms and notes.`}
        actions={
          canManage && (
            <>
              <ImportButton kind="customers" />
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden />
                New {noun}
              </Button>
            </>
          )
        }
      />
      <ListBlock
        name="customers"
        query={customers}
        exportFrom={{ path: '/api/customers', params: { q: list.q } }}
        list={list}
        pageSize={CUSTOMERS_PAGE_SIZE}
        searchPlaceholder={`Search ${labels.customers.toLowerCase()}...`}
        searchLabel={`Search ${labels.customers.toLowerCase()}`}
        emptyText={`No ${labels.customers.toLowerCase()} yet.`}
        failedTitle={`Failed to load ${labels.customers.toLowerCase()}`}
      >
        {(rows) => <CustomersTable customers={rows} canManage={canManage} onEdit={(c) => setOpenId(c.id)} />}
      </ListBlock>
      <Suspense fallback={null}>
        {isCreating && <CustomerDialog open onOpenChange={setCreating} />}
        {openId !== null &&
          (canManage ? (
            <CustomerDialog open customerId={openId} onOpenChange={(open) => !open && setOpenId(null)} />
          ) : (
            <CustomerDetailsDialog customerId={openId} onOpenChange={(open) => !open && setOpenId(null)} />
          ))}
      </Suspense>
    </div>
  );
}
