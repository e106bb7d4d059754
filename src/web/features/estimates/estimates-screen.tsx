import { useState } from 'react';
import { Plus } from 'lucide-react';
import { singular } from '@contracts/vocabulary';
import { useLabels } from '@/lib/use-labels';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page-header';
import { useEstimates } from '@/features/estimates/api/get-estimates';
import { EstimateDialog } from '@/features/estimates/components/estimate-dialog';
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
            busyId={actions.emailingId ?? actions.downloadingId}
            onEdit={setOpenId}
            onEmail={actions.email}
            onDownload={actions.download}
          />
        )}
      </ListBlock>
      <EstimateDialog open={isCreating} onOpenChange={setCreating} />
      <EstimateDialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} estimateId={openId} />
    </div>
  );
}
