import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Plus, Search } from 'lucide-react';
import { singular } from '@contracts/vocabulary';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLabels } from '@/lib/use-labels';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { CUSTOMERS_PAGE_SIZE, useCustomers } from '@/features/customers/api/get-customers';
import { useOrganizations } from '@/lib/use-organizations';
import { CustomersPager } from '@/features/customers/components/customers-pager';
import { CustomersTable } from '@/features/customers/components/customers-table';

// The dialogs (form, validation, Radix dialog) load when first opened, not with the list.
const CustomerDialog = lazy(() => import('@/features/customers/components/customer-dialog').then((m) => ({ default: m.CustomerDialog })));
const CustomerDetailsDialog = lazy(() =>
  import('@/features/customers/components/customer-details-dialog').then((m) => ({ default: m.CustomerDetailsDialog })),
);

const SEARCH_DEBOUNCE_MS = 300;

function openIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('open');
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export function CustomersScreen() {
  const labels = useLabels();
  const noun = singular(labels.customers);
  const { user } = useCurrentUser();
  const canManage = Boolean(user?.effectivePermissions.includes('manage_customers'));
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = openIdFrom(searchParams);
  const [isCreating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const customers = useCustomers({ q, limit: CUSTOMERS_PAGE_SIZE, offset });
  const organizations = useOrganizations();
  const organizationNames = useMemo(() => new Map((organizations.data ?? []).map((o) => [o.id, o.name])), [organizations.data]);

  /** `?open=ID` is the edit dialog's address, so the top bar search and links can open a customer. */
  const setOpenId = (id: number | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id === null) next.delete('open');
        else next.set('open', String(id));
        return next;
      },
      { replace: id === null },
    );

  const onSearch = (value: string) => {
    setSearch(value);
    setOffset(0);
  };

  const rows = customers.data?.rows ?? [];
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={labels.customers}
        description={`Everyone you work for: contact details, billing terms and notes.`}
        actions={
          canManage && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New {noun}
            </Button>
          )
        }
      />
      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <div className="relative max-w-sm">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={search}
              onChange={(e) => onSearch(e.target.value)}
              placeholder={`Search ${labels.customers.toLowerCase()}...`}
              aria-label={`Search ${labels.customers.toLowerCase()}`}
              maxLength={200}
              className="pl-8"
            />
          </div>
        </div>
        {customers.isPending ? (
          <div className="space-y-3 p-4" data-testid="customers-loading">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : customers.isError ? (
          <div className="p-4">
            <Alert variant="destructive">
              <AlertTitle>Failed to load {labels.customers.toLowerCase()}</AlertTitle>
              <AlertDescription>{errorMessage(customers.error)}</AlertDescription>
            </Alert>
          </div>
        ) : rows.length === 0 ? (
          <p className="p-10 text-center text-sm text-muted-foreground">{q ? 'No results found.' : `No ${labels.customers.toLowerCase()} yet.`}</p>
        ) : (
          <div className={customers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <CustomersTable customers={rows} organizationNames={organizationNames} canManage={canManage} onEdit={(c) => setOpenId(c.id)} />
            <CustomersPager
              offset={offset}
              rowCount={rows.length}
              total={customers.data.total}
              pageSize={CUSTOMERS_PAGE_SIZE}
              isFetching={customers.isFetching}
              onOffsetChange={setOffset}
            />
          </div>
        )}
      </Card>
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
