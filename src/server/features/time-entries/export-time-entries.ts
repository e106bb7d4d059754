// The Time Tracking screen's export (docs/rules/data-exchange.md#list-exports): the entries with the list's search and
// sort, under the screen's column labels in the organization's words; its "When" column as start and end, and the
// duration in hours (a running timer has none yet).
import type { ListQuery } from '../../../contracts/lists';
import type { TimeEntry } from '../../../contracts/time-entries';
import { singular } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { timeEntryBatches } from './list-time-entries';

export async function exportTimeEntries(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<ListExport<TimeEntry>> {
  return {
    fileName: 'time-entries',
    title: () => 'Time Entries',
    columns: (labels) => [
      { label: singular(labels.workOrders), value: (e) => e.workOrderTitle ?? `#${e.workOrderId}` },
      { label: 'Order #', value: (e) => e.workOrderNumber },
      { label: singular(labels.customers), value: (e) => e.customerName },
      { label: 'Employee', value: (e) => e.employeeName },
      { label: 'Description', value: (e) => e.description },
      { label: 'Start', kind: 'datetime', value: (e) => e.startTime },
      { label: 'End', kind: 'datetime', value: (e) => e.endTime },
      { label: 'Hours', kind: 'number', value: (e) => (e.durationMinutes === null ? null : Math.round((e.durationMinutes / 60) * 100) / 100) },
    ],
    read: timeEntryBatches(db, ctx, query),
    organizationOf: (e) => e.organizationId,
  };
}
