// The Work Orders screen's export (docs/rules/data-exchange.md#list-exports): the list's rows with its search, filters
// and sort, under the screen's column labels in the organization's words.
import { statusText } from '../../../contracts/format';
import { singular } from '../../../contracts/vocabulary';
import type { WorkOrder, WorkOrderListQuery } from '../../../contracts/work-orders';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { workOrderBatches } from './list-work-orders';

export async function exportWorkOrders(db: DbOrTx, ctx: RequestContext, query: WorkOrderListQuery): Promise<ListExport<WorkOrder>> {
  return {
    fileName: 'work-orders',
    title: (labels) => labels.workOrders,
    columns: (labels) => [
      { label: 'Order #', value: (w) => w.orderNumber },
      { label: 'Title', value: (w) => w.title },
      { label: 'Crew', value: (w) => w.assignees.map((a) => a.name).join(', ') },
      { label: singular(labels.customers), value: (w) => w.customerName },
      { label: 'Status', value: (w) => statusText(w.status) },
      { label: 'Due Date', kind: 'date', value: (w) => w.dueDate },
      { label: 'Total Cost', kind: 'money', value: (w) => w.totalCost },
    ],
    read: await workOrderBatches(db, ctx, query),
    organizationOf: (w) => w.organizationId,
  };
}
