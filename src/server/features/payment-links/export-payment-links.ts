// The Payment Links screen's export (docs/rules/data-exchange.md#list-exports): the list's links with its search and
// sort, under the screen's column labels, and each link's address (what the screen's copy button copies).
import { statusLabel } from '../../../contracts/format';
import type { ListQuery } from '../../../contracts/lists';
import type { PaymentLink } from '../../../contracts/payment-links';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { paymentLinkBatches } from './list-payment-links';

export async function exportPaymentLinks(db: DbOrTx, ctx: RequestContext, appUrl: string, query: ListQuery): Promise<ListExport<PaymentLink>> {
  return {
    fileName: 'payment-links',
    title: () => 'Payment Links',
    columns: () => [
      { label: 'Invoice #', value: (l) => l.invoiceNumber ?? (l.invoiceId ? `#${l.invoiceId}` : 'Generic') },
      { label: 'Status', value: (l) => statusLabel(l.status) },
      { label: 'Clicks', kind: 'integer', value: (l) => l.clickCount },
      { label: 'Created', kind: 'date', value: (l) => l.createdAt },
      { label: 'Expires', kind: 'date', value: (l) => l.expiresAt },
      { label: 'Amount', kind: 'money', value: (l) => l.amount },
      { label: 'Description', value: (l) => l.description },
      { label: 'Link', value: (l) => l.paymentUrl },
    ],
    read: paymentLinkBatches(db, ctx, appUrl, query),
    organizationOf: (l) => l.organizationId,
  };
}
