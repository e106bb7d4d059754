import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { EstimateListItem } from '@contracts/estimates';
import { singular } from '@contracts/vocabulary';
import { useLabels } from '@/lib/use-labels';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page-header';
import { useEstimates } from '@/features/estimates/api/get-estimates';
import { ConvertEstimateDialog } from '@/features/estimates/components/convert-estimate-dialog';
import { EstimateDialog } from '@/features/estimates/components/estimate-dialog';
import { NewVersionDialog } from '@/features/estimates/components/new-version-dialog';
import { SendForApprovalDialog } from '@/features/estimates/components/send-for-approval-dialog';
import { EstimatesTable } from '@/features/estimates/components/estimates-table';
import { useEstimateActions } from '@/features/estimates/components/use-estimate-actions';
import { PAGE_SIZE } from '@/lib/list-path';
import { ListBlock } from '@/components/list-block';
import { useCan } from '@/lib/auth/use-can';
import { useListState } from '@/lib/use-list-state';
import { useOpenParam } from '@/lib/use-open-param';

export function EstimatesScreen() {
  const labels = useLabels();
  const can = useCan();
  const list = useListState();
  const estimates = useEstimates({ q: list.q, page: list.page });
  const actions = useEstimateActions();
  const [openId, setOpenId] = useOpenParam();
  const [isCreating, setCreating] = useState(false);
  const [sending, setSending] = useState<EstimateListItem | null>(null);
  const [versioning, setVersioning] = useState<EstimateListItem | null>(null);
  const [converting, setConverting] = useState<EstimateListItem | null>(null);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={labels.estimates}
        description="Quotes sent to customers, newest first."
        actions={
          can('create_estimates') && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New
            </Button>
          )
        }
      />
      <ListBlock
        name="estimates"
        query={estimates}
        exportFrom={{ path: '/api/estimates', params: { q: list.q } }}
        list={list}
        pageSize={PAGE_SIZE}
        searchPlaceholder={`Search by number, title or ${singular(labels.customers).toLowerCase()}`}
        emptyText={`No ${labels.estimates.toLowerCase()} yet.`}
        failedTitle={`Failed to load ${labels.estimates.toLowerCase()}`}
      >
        {(rows) => (
          <EstimatesTable
            estimates={rows}
            canEdit={can('manage_estimates')}
            canSend={can('manage_estimates') || can('create_estimates')}
            busyId={actions.emailingId ?? actions.downloadingId}
            onEdit={setOpenId}
            onEmail={actions.email}
            onDownload={actions.download}
            onSendForApproval={setSending}
            onNewVersion={setVersioning}
            onConvert={setConverting}
          />
        )}
      </ListBlock>
      <EstimateDialog open={isCreating} onOpenChange={setCreating} />
      <SendForApprovalDialog estimate={sending} onClose={() => setSending(null)} />
      <ConvertEstimateDialog estimate={converting} onClose={() => setConverting(null)} />
      {/* The new version opens in the form, ready to change. */}
      <NewVersionDialog estimate={versioning} onClose={() => setVersioning(null)} onStarted={(next) => setOpenId(next.id)} />
      <EstimateDialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} estimateId={openId} />
    </div>
  );
}
