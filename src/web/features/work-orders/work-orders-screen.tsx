import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { WorkOrder } from '@contracts/work-orders';
import { errorMessage } from '@/lib/api-client';
import { singular } from '@contracts/vocabulary';
import { useLabels } from '@/lib/use-labels';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE } from '@/lib/list-path';
import { useWorkOrders } from '@/features/work-orders/api/get-work-orders';
import { useUpdateWorkOrder } from '@/features/work-orders/api/update-work-order';
import { ListBlock } from '@/components/list-block';
import { WorkOrderDialog } from '@/features/work-orders/components/work-order-dialog';
import { WorkOrdersTable, type WorkOrderAction } from '@/features/work-orders/components/work-orders-table';
import { useCan } from '@/lib/auth/use-can';
import { useListState } from '@/lib/use-list-state';
import { useOpenParam } from '@/lib/use-open-param';

const NEXT_STATUS: Record<WorkOrderAction, 'in_progress' | 'completed'> = { start: 'in_progress', complete: 'completed' };

export function WorkOrdersScreen() {
  const labels = useLabels();
  const can = useCan();
  const list = useListState();
  const workOrders = useWorkOrders({ q: list.q, page: list.page });
  const update = useUpdateWorkOrder();
  const [openId, setOpenId] = useOpenParam();
  const [isCreating, setCreating] = useState(false);

  const onAction = (workOrder: WorkOrder, action: WorkOrderAction) => {
    update.mutate(
      { id: workOrder.id, input: { status: NEXT_STATUS[action] } },
      {
        onSuccess: () => toast({ title: 'Work order updated successfully' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to update work order', description: errorMessage(error) }),
      },
    );
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={labels.workOrders}
        description="Jobs scheduled, in progress and done, newest first."
        actions={
          can('create_work_orders') && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New
            </Button>
          )
        }
      />
      <ListBlock
        name="work-orders"
        query={workOrders}
        exportFrom={{ path: '/api/work-orders', params: { q: list.q } }}
        list={list}
        pageSize={PAGE_SIZE}
        searchPlaceholder={`Search by number, title or ${singular(labels.customers).toLowerCase()}`}
        emptyText={`No ${labels.workOrders.toLowerCase()} yet.`}
        failedTitle={`Failed to load ${labels.workOrders.toLowerCase()}`}
      >
        {(rows) => (
          <WorkOrdersTable
            workOrders={rows}
            canManage={can('manage_work_orders')}
            pendingId={update.isPending ? (update.variables?.id ?? null) : null}
            onOpen={setOpenId}
            onAction={onAction}
          />
        )}
      </ListBlock>
      <WorkOrderDialog open={isCreating} onOpenChange={setCreating} />
      <WorkOrderDialog open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)} workOrderId={openId} />
    </div>
  );
}
