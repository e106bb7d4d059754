// The Invoices screen's export (docs/rules/data-exchange.md#list-exports): the list's rows with its search, filters
// and sort, under the screen's column labels in the organization's words.
import type { Invoice, InvoiceListQuery } from '../../../contracts/invoices';
import { statusText } from '../../../contracts/format';
import { singular } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { invoiceBatches } from './list-invoices';

/** As the screen shows it: overdue once the due date has passed on an invoice not paid (docs/rules/records.md#invoice-statuses). */
const shownStatus = (i: Invoice) => statusText(i.isOverdue && i.status !== 'paid' ? 'overdue' : i.status);

export async function exportInvoices(db: DbOrTx, ctx: RequestContext, query: InvoiceListQuery): Promise<ListExport<Invoice>> {
  return {
    fileName: 'invoices',
    title: (labels) => labels.invoices,
    columns: (labels) => [
      { label: 'Invoice #', value: (i) => i.invoiceNumber },
      { label: singular(labels.customers), value: (i) => i.customerName },
      { label: 'Status', value: shownStatus },
      { label: 'Total', kind: 'money', value: (i) => i.total },
      { label: 'Amount Paid', kind: 'money', value: (i) => i.amountPaid },
      { label: 'Balance Due', kind: 'money', value: (i) => i.balanceDue },
      { label: 'Due Date', kind: 'date', value: (i) => i.dueDate },
      { label: 'Created', kind: 'date', value: (i) => i.createdAt },
    ],
    read: await invoiceBatches(db, ctx, query),
    organizationOf: (i) => i.organizationId,
  };
}
