import { useState } from 'react';
import { Plus } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { useLabels } from '@/lib/use-labels';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/page-header';
import { useInvoices } from '@/features/invoices/api/get-invoices';
import { InvoiceDialog } from '@/features/invoices/components/invoice-dialog';
import { InvoicesTable } from '@/features/invoices/components/invoices-table';
import { useInvoiceActions } from '@/features/invoices/components/use-invoice-actions';
import { PAGE_SIZE } from '@/lib/list-path';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';
import { ListStatus } from '@/components/list-status';
import { useCan } from '@/lib/auth/use-can';
import { useListState } from '@/lib/use-list-state';
import { useOpenParam } from '@/lib/use-open-param';

export function InvoicesScreen() {
  const labels = useLabels();
  const can = useCan();
  const list = useListState();
  const invoices = useInvoices({ q: list.q, page: list.page });
  const actions = useInvoiceActions({ downloadFailure: 'alert' });
  const [openId, setOpenId] = useOpenParam();
  const [isCreating, setCreating] = useState(false);
  const items = invoices.data?.rows ?? [];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={labels.invoices}
        description="Bills sent to customers, newest first, with what is still owed."
        actions={
          can('create_invoices') && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New
            </Button>
          )
        }
      />
      <Card className="overflow-hidden">
        {!isApiError(invoices.error, 403) && (
          <div className="border-b p-4">
            <ListSearch value={list.search} onChange={list.setSearch} placeholder="Search by number or customer" />
          </div>
        )}
        <ListStatus
          isPending={invoices.isPending}
          error={invoices.isError ? invoices.error : null}
          isEmpty={items.length === 0}
          emptyText={list.q ? 'No results found.' : `No ${labels.invoices.toLowerCase()} yet.`}
          failedTitle="Failed to load invoices"
        >
          <InvoicesTable
            invoices={items}
            canEdit={can('manage_invoices')}
            canEmail={can('manage_invoices') || can('create_invoices')}
            busyId={actions.emailingId ?? actions.downloadingId}
            onEdit={setOpenId}
            onEmail={actions.email}
            onDownload={actions.download}
          />
        </ListStatus>
        <ListPager page={list.page} pageSize={PAGE_SIZE} total={invoices.data?.total ?? 0} onPageChange={list.setPage} />
      </Card>
      <InvoiceDialog open={isCreating} onOpenChange={setCreating} />
      <InvoiceDialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} invoiceId={openId} />
    </div>
  );
}
