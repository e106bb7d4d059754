// The Recurring Billing screen's export (docs/rules/data-exchange.md#list-exports): the list's schedules with its filter
// and sort, under the screen's column labels (its "Title and customer" column in two).
import { statusLabel } from '../../../contracts/format';
import { scheduleLabel, type RecurringInvoice } from '../../../contracts/recurring-invoices';
import { singular } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { recurringInvoiceBatches } from './recurring-invoice-service';

type Query = Parameters<typeof recurringInvoiceBatches>[2];

export async function exportRecurringInvoices(db: DbOrTx, ctx: RequestContext, query: Query): Promise<ListExport<RecurringInvoice>> {
  return {
    fileName: 'recurring-invoices',
    title: () => 'Recurring Billing',
    columns: (labels) => [
      { label: 'Title', value: (r) => r.title },
      { label: singular(labels.customers), value: (r) => r.customerName },
      { label: 'Schedule', value: scheduleLabel },
      { label: 'Next Invoice', kind: 'date', value: (r) => r.nextDate },
      { label: 'Per Invoice', kind: 'money', value: (r) => r.total },
      { label: 'Status', value: (r) => statusLabel(r.status) },
      { label: 'Auto-pay', value: (r) => r.autoPay },
    ],
    read: recurringInvoiceBatches(db, ctx, query),
    organizationOf: (r) => r.organizationId,
  };
}
