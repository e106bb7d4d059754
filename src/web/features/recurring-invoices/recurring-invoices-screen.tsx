// Recurring billing (docs/rules/money-and-payments.md#recurring-invoices): the schedules that invoice customers on their
// own, to add, change, pause, resume and delete.
import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { RecurringInvoice } from '@contracts/recurring-invoices';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListBlock } from '@/components/list-block';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { PAGE_SIZE } from '@/lib/list-path';
import { useLabels, useRecordWord } from '@/lib/use-labels';
import { useListState } from '@/lib/use-list-state';
import { useOpenParam } from '@/lib/use-open-param';
import { useRecurringInvoices } from '@/features/recurring-invoices/api/get-recurring-invoices';
import { useDeleteRecurringInvoice, useUpdateRecurringInvoice } from '@/features/recurring-invoices/api/save-recurring-invoice';
import { RecurringInvoiceDialog } from '@/features/recurring-invoices/components/recurring-invoice-dialog';
import { RecurringInvoicesTable } from '@/features/recurring-invoices/components/recurring-invoices-table';
import { withStatus } from '@/features/recurring-invoices/lib/recurring-invoice-form';

export function RecurringInvoicesScreen() {
  const labels = useLabels();
  const client = useRecordWord('customers');
  const can = useCan();
  const canEdit = can('manage_invoices') || can('create_invoices');
  const list = useListState();
  const schedules = useRecurringInvoices({ page: list.page });
  const update = useUpdateRecurringInvoice();
  const remove = useDeleteRecurringInvoice();
  const [openId, setOpenId] = useOpenParam();
  const [isCreating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<RecurringInvoice | null>(null);

  const pauseOrResume = (row: RecurringInvoice) => {
    const status = row.status === 'paused' ? 'active' : 'paused';
    update.mutate(
      { id: row.id, body: withStatus(row, status) },
      {
        onSuccess: () => toast({ title: status === 'paused' ? `Paused "${row.title}"` : `Resumed "${row.title}"` }),
        onError: (error) => toast({ variant: 'destructive', title: `Failed to ${status === 'paused' ? 'pause' : 'resume'} the recurring invoice`, description: errorMessage(error) }),
      },
    );
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Recurring Billing"
        description={`${labels.invoices} made on a schedule, each on its date; a ${client.lower} on auto-pay is charged as each is made.`}
        actions={
          canEdit && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New
            </Button>
          )
        }
      />
      <ListBlock
        name="recurring-invoices"
        query={schedules}
        exportFrom={{ path: '/api/recurring-invoices' }}
        list={list}
        pageSize={PAGE_SIZE}
        emptyText="No recurring invoices yet."
        failedTitle="Failed to load recurring invoices"
      >
        {(rows) => (
          <RecurringInvoicesTable
            rows={rows}
            canEdit={canEdit}
            busyId={update.isPending ? (update.variables?.id ?? null) : null}
            onOpen={setOpenId}
            onPauseResume={pauseOrResume}
            onDelete={setDeleting}
          />
        )}
      </ListBlock>
      <RecurringInvoiceDialog open={isCreating} onOpenChange={setCreating} />
      <RecurringInvoiceDialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} recurringId={openId} />
      {deleting && (
        <ConfirmDeleteDialog
          title="Delete recurring invoice?"
          description={`"${deleting.title}" for ${deleting.customerName ?? 'this customer'} stops and is deleted. The invoices it has made stay.`}
          onConfirm={() =>
            remove.mutateAsync(deleting.id, {
              onSuccess: () => toast({ title: 'Recurring invoice deleted' }),
              onError: (error) => toast({ variant: 'destructive', title: 'Failed to delete recurring invoice', description: errorMessage(error) }),
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
