// The credit notes list's export (docs/rules/data-exchange.md#list-exports): the notes with the list's search, filter
// and sort, with the columns an invoice's credit notes show (number, date, reason, total) and the invoice and customer.
import type { CreditNote, CreditNoteListQuery } from '../../../contracts/credit-notes';
import { singular } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { creditNoteBatches } from './list-credit-notes';

export async function exportCreditNotes(db: DbOrTx, ctx: RequestContext, query: CreditNoteListQuery): Promise<ListExport<CreditNote>> {
  return {
    fileName: 'credit-notes',
    title: () => 'Credit Notes',
    columns: (labels) => [
      { label: 'Credit Note #', value: (c) => c.creditNoteNumber },
      { label: 'Invoice #', value: (c) => c.invoiceNumber },
      { label: singular(labels.customers), value: (c) => c.customerName },
      { label: 'Reason', value: (c) => c.reason },
      { label: 'Subtotal', kind: 'money', value: (c) => c.subtotal },
      { label: 'Tax', kind: 'money', value: (c) => c.tax },
      { label: 'Total', kind: 'money', value: (c) => c.total },
      { label: 'Date', kind: 'date', value: (c) => c.createdAt },
    ],
    read: creditNoteBatches(db, ctx, query),
    organizationOf: (c) => c.organizationId,
  };
}
