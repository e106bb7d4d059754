// The Payments screen's export (docs/rules/data-exchange.md#list-exports): the list's rows with its search, filters
// and sort, under the screen's column labels; refunds are rows with a negative amount, as on the screen.
import { statusLabel, statusText } from '../../../contracts/format';
import { PAYMENT_METHOD_LABELS, type Payment, type PaymentMethod } from '../../../contracts/payments';
import { singular } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { paymentBatches, type PaymentListQuery } from './list-payments';

const methodLabel = (m: string | null) => (m ? (PAYMENT_METHOD_LABELS[m as PaymentMethod] ?? statusLabel(m)) : null);

export async function exportPayments(db: DbOrTx, ctx: RequestContext, query: PaymentListQuery): Promise<ListExport<Payment>> {
  return {
    fileName: 'payments',
    title: () => 'Payments',
    columns: (labels) => [
      { label: 'Invoice #', value: (p) => p.invoiceNumber },
      { label: singular(labels.customers), value: (p) => p.customerName },
      { label: 'Amount', kind: 'money', value: (p) => p.amount },
      { label: 'Refunded', kind: 'money', value: (p) => (p.refundOfPaymentId === null ? p.amountRefunded : null) },
      { label: 'Method', value: (p) => methodLabel(p.method) },
      { label: 'Reference', value: (p) => p.reference ?? p.description },
      { label: 'Status', value: (p) => statusText(p.status) },
      { label: 'Received Date', kind: 'date', value: (p) => p.receivedDate },
    ],
    read: paymentBatches(db, ctx, query),
    organizationOf: (p) => p.organizationId,
  };
}
