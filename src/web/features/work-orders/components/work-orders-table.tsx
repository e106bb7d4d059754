import { singular } from '@contracts/vocabulary';
import { CheckCircle2, Play, Users } from 'lucide-react';
import type { WorkOrder } from '@contracts/work-orders';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { StatusBadge } from '@/components/status-badge';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { useLabels } from '@/lib/use-labels';
import { cn } from '@/lib/utils';
import { crewNames } from '@/features/work-orders/lib/crew';

export type WorkOrderAction = 'start' | 'complete';

interface WorkOrdersTableProps {
  workOrders: WorkOrder[];
  /** Start and Complete are offered only to users who may manage work orders. */
  canManage: boolean;
  pendingId: number | null;
  onOpen: (id: number) => void;
  onAction: (workOrder: WorkOrder, action: WorkOrderAction) => void;
}

function RowActions({ workOrder, canManage, pendingId, onAction }: Omit<WorkOrdersTableProps, 'workOrders' | 'onOpen'> & { workOrder: WorkOrder }) {
  if (!canManage) return null;
  const isPending = pendingId === workOrder.id;
  if (workOrder.status === 'scheduled') {
    return (
      <Button size="sm" variant="outline" disabled={isPending} onClick={() => onAction(workOrder, 'start')} aria-label={`Start ${workOrder.orderNumber}`}>
        <Play aria-hidden />
        Start
      </Button>
    );
  }
  if (workOrder.status === 'in_progress') {
    return (
      <Button size="sm" variant="outline" disabled={isPending} onClick={() => onAction(workOrder, 'complete')} aria-label={`Complete ${workOrder.orderNumber}`}>
        <CheckCircle2 aria-hidden />
        Complete
      </Button>
    );
  }
  return null;
}

function OrderNumber({ workOrder, onOpen }: { workOrder: WorkOrder; onOpen: (id: number) => void }) {
  return (
    <button type="button" className="font-medium text-primary hover:underline" onClick={() => onOpen(workOrder.id)}>
      {workOrder.orderNumber}
    </button>
  );
}

/** Who is on the job (docs/rules/team.md#assignment), under its title: the crew by name, or 'Unassigned'. */
function CrewLine({ workOrder, className }: { workOrder: WorkOrder; className?: string }) {
  return (
    <p className={cn('flex min-w-0 items-center gap-1.5 text-muted-foreground', className)} data-testid="work-order-crew">
      <Users aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">Crew: </span>
      <span className="truncate">{crewNames(workOrder.assignees)}</span>
    </p>
  );
}

/** A table on wide screens, one card per order on phones. */
export function WorkOrdersTable(props: WorkOrdersTableProps) {
  const customerHeader = singular(useLabels().customers);
  const { workOrders, onOpen } = props;
  return (
    <>
      <div className="hidden lg:block">
        <Table aria-label="Work orders">
          <TableHeader>
            <TableRow>
              <OrganizationHead />
              <TableHead>Order #</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>{customerHeader}</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Due Date</TableHead>
              <TableHead className="text-right">Total Cost</TableHead>
              <TableHead className="w-32">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {workOrders.map((wo) => (
              <TableRow key={wo.id} data-testid="work-order-row" data-number={wo.orderNumber}>
                <OrganizationCell organizationId={wo.organizationId} />
                <TableCell className="whitespace-nowrap">
                  <OrderNumber workOrder={wo} onOpen={onOpen} />
                </TableCell>
                <TableCell className="max-w-64">
                  <p className="truncate" title={wo.title}>
                    {wo.title}
                  </p>
                  <CrewLine workOrder={wo} className="mt-0.5 text-xs" />
                </TableCell>
                <TableCell className="max-w-48 truncate">{wo.customerName ?? '-'}</TableCell>
                <TableCell>
                  <StatusBadge status={wo.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(wo.dueDate, 'Not set')}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(wo.totalCost)}</TableCell>
                <TableCell className="text-right">
                  <RowActions workOrder={wo} {...props} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y lg:hidden" aria-label="Work orders">
        {workOrders.map((wo) => (
          <li key={wo.id} className="grid gap-1.5 px-4 py-3" data-testid="work-order-card" data-number={wo.orderNumber}>
            <div className="flex items-center justify-between gap-2">
              <OrderNumber workOrder={wo} onOpen={onOpen} />
              <StatusBadge status={wo.status} />
            </div>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{wo.title}</p>
              <CrewLine workOrder={wo} className="text-sm" />
            </div>
            <p className="truncate text-sm text-muted-foreground">{wo.customerName ?? '-'}</p>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="text-muted-foreground">{wo.dueDate ? `Due ${formatDate(wo.dueDate)}` : 'No due date'}</span>
              <span className="font-medium tabular-nums">{formatMoney(wo.totalCost)}</span>
            </div>
            <div className="empty:hidden">
              <RowActions workOrder={wo} {...props} />
            </div>
            <OrganizationLine organizationId={wo.organizationId} />
          </li>
        ))}
      </ul>
    </>
  );
}
