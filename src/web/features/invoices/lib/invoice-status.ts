import type { Invoice } from '@contracts/invoices';

/** docs/rules/records.md#invoice-statuses: 'overdue' is shown when the server says the due date has passed and the invoice is not paid. */
export function displayStatus(invoice: Pick<Invoice, 'status' | 'isOverdue'>): string {
  return invoice.isOverdue && invoice.status !== 'paid' ? 'overdue' : invoice.status;
}
