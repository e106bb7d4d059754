// The payment row as the API sends it.
import type { Payment } from '../../../contracts/payments';
import type { PaymentRow } from './settle-payment';

export function toPaymentResponse(row: PaymentRow): Payment {
  return {
    id: row.id,
    organizationId: row.organizationId,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    customerId: row.customerId,
    customerName: row.customerName,
    amount: row.amount,
    method: row.method,
    reference: row.reference,
    notes: row.notes,
    description: row.description,
    receivedDate: row.receivedDate.toISOString(),
    stripePaymentIntentId: row.stripePaymentIntentId,
    processor: row.processor,
    status: row.status,
    refundOfPaymentId: row.refundOfPaymentId,
    amountRefunded: row.amountRefunded,
    createdAt: row.createdAt.toISOString(),
  };
}
