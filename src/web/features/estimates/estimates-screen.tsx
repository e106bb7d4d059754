import { useState } from 'react';
import { Plus } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { useLabels } from '@/lib/use-labels';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/page-header';
import { useEstimates } from '@/features/estimates/api/get-estimates';
import { EstimateDialog } from '@/features/estimates/components/estimate-dialog';
import { EstimatesTable } from '@/features/estimates/components/estimates-table';
import { useEstimateActions } from '@/features/estimates/components/use-estimate-actions';
import { PAGE_SIZE } from '@/lib/list-path';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';
import { ListStatus } from '@/components/list-status';
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
  const items = estimates.data?.rows ?? [];

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
      <Card className="overflow-hidden">
        {!isApiError(estimates.error, 403) && (
          <div className="border-b p-4">
            <ListSearch value={list.search} onChange={list.setSearch} placeholder="Search by number, title or customer" />
          </div>
        )}
        <ListStatus
          isPending={estimates.isPending}
          error={estimates.isError ? estimates.error : null}
          isEmpty={items.length === 0}
          emptyText={list.q ? 'No results found.' : `No ${labels.estimates.toLowerCase()} yet.`}
          failedTitle="Failed to load estimates"
        >
          <EstimatesTable
            estimates={items}
            canEdit={can('manage_estimates')}
            busyId={actions.emailingId ?? actions.downloadingId}
            onEdit={setOpenId}
            onEmail={actions.email}
            onDownload={actions.download}
          />
        </ListStatus>
        <ListPager page={list.page} pageSize={PAGE_SIZE} total={estimates.data?.total ?? 0} onPageChange={list.setPage} />
      </Card>
      <EstimateDialog open={isCreating} onOpenChange={setCreating} />
      <EstimateDialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} estimateId={openId} />
    </div>
  );
}
