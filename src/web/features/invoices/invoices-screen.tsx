import { useState } from 'react';
import type { Invoice } from '@contracts/invoices';
import { Plus } from 'lucide-react';
import { singular } from '@contracts/vocabulary';
import { useLabels } from '@/lib/use-labels';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page-header';
import { useInvoices } from '@/features/invoices/api/get-invoices';
import { CreditNoteDialog } from '@/features/invoices/components/credit-note-dialog';
import { InvoiceDialog } from '@/features/invoices/components/invoice-dialog';
import { VoidInvoiceDialog } from '@/features/invoices/components/void-invoice-dialog';
import { PaymentPlanDialog } from '@/features/invoices/components/payment-plan-dialog';
import { InvoicesTable } from '@/features/invoices/components/invoices-table';
import { useInvoiceActions } from '@/features/invoices/components/use-invoice-actions';
import { PAGE_SIZE } from '@/lib/list-path';
import { ListBlock } from '@/components/list-block';
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
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const [voiding, setVoiding] = useState<Invoice | null>(null);
  const [planning, setPlanning] = useState<Invoice | null>(null);

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
      <ListBlock
        name="invoices"
        query={invoices}
        exportFrom={{ path: '/api/invoices', params: { q: list.q } }}
        list={list}
        pageSize={PAGE_SIZE}
        searchPlaceholder={`Search by number or ${singular(labels.customers).toLowerCase()}`}
        emptyText={`No ${labels.invoices.toLowerCase()} yet.`}
        failedTitle={`Failed to load ${labels.invoices.toLowerCase()}`}
      >
        {(rows) => (
          <InvoicesTable
            invoices={rows}
            canEdit={can('manage_invoices')}
            canEmail={can('manage_invoices') || can('create_invoices')}
            busyId={actions.emailingId ?? actions.downloadingId}
            onEdit={setOpenId}
            onEmail={actions.email}
            onDownload={actions.download}
            onCredit={setCrediting}
            onVoid={setVoiding}
            onPlan={setPlanning}
          />
        )}
      </ListBlock>
      <InvoiceDialog open={isCreating} onOpenChange={setCreating} />
      <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />
      <VoidInvoiceDialog invoice={voiding} onClose={() => setVoiding(null)} />
      <PaymentPlanDialog invoice={planning} onClose={() => setPlanning(null)} />
      <InvoiceDialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} invoiceId={openId} />
    </div>
  );
}
