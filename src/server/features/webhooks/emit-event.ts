// What each event carries as `data.object` (docs/rules/public-api.md#webhook-payloads): the record as the API's own GET
// answers it, read inside the change's transaction, so a subscriber sees what the change committed. Drawn signatures
// are left out (they can run to megabytes): an estimate's answers keep `signature: null`, a job's sign-off has none.
import { and, eq } from 'drizzle-orm';
import type { Payment } from '../../../contracts/payments';
import type { DbOrTx } from '../../db/client';
import { customers, payments, type WebhookEventType } from '../../db/schema/index';
import { notFound } from '../../platform/errors';
import { toCustomerResponse } from '../customers/customer-response';
import { toPaymentResponse } from '../payments/payment-response';
import { recordWebhookEvent } from './record-event';

export const WEBHOOK_RECORD_TYPES = ['customer', 'estimate', 'invoice', 'payment', 'appointment', 'work_order'] as const;
export type WebhookRecordType = (typeof WEBHOOK_RECORD_TYPES)[number];

/** The record each event is about (its `record_key` is "<type>:<id>"). */
export const RECORD_OF: Record<WebhookEventType, WebhookRecordType> = {
  'customer.created': 'customer',
  'estimate.approved': 'estimate',
  'invoice.sent': 'invoice',
  'invoice.paid': 'invoice',
  'payment.refunded': 'payment',
  'appointment.booked': 'appointment',
  'appointment.changed': 'appointment',
  'appointment.cancelled': 'appointment',
  'work_order.completed': 'work_order',
};

async function paymentObject(tx: DbOrTx, organizationId: number, id: number): Promise<Payment> {
  const [row] = await tx.select().from(payments).where(and(eq(payments.organizationId, organizationId), eq(payments.id, id)));
  if (!row) throw notFound('Payment not found');
  return toPaymentResponse(row);
}

/**
 * data.object of a record, as GET /api/<records>/:id answers it (less the drawn signatures). The records' own reads
 * are loaded when first needed: the services that emit events are what those modules import, and a static import
 * back would run one of them before the other has finished loading.
 */
export async function recordObject(tx: DbOrTx, organizationId: number, recordType: WebhookRecordType, id: number): Promise<Record<string, unknown>> {
  switch (recordType) {
    case 'customer': {
      const [row] = await tx.select().from(customers).where(and(eq(customers.organizationId, organizationId), eq(customers.id, id)));
      if (!row) throw notFound('Customer not found');
      return toCustomerResponse(row);
    }
    case 'estimate': {
      const { getOrganizationEstimate } = await import('../estimates/get-estimate');
      const estimate = await getOrganizationEstimate(tx, organizationId, id);
      return { ...estimate, responses: estimate.responses.map((r) => ({ ...r, signature: null })) };
    }
    case 'invoice': {
      const { getOrganizationInvoice } = await import('../documents/get-invoice');
      return getOrganizationInvoice(tx, organizationId, id);
    }
    case 'payment':
      return paymentObject(tx, organizationId, id);
    case 'appointment': {
      // The id is one the caller found in this organization (appointmentView reads by id alone).
      const { appointmentView } = await import('../scheduling/appointment-view');
      return appointmentView(tx, id);
    }
    case 'work_order': {
      const { getOrganizationWorkOrder } = await import('../work-orders/get-work-order');
      const job = await getOrganizationWorkOrder(tx, organizationId, id);
      const signOff = job.signOff ? { signerName: job.signOff.signerName, signedAt: job.signOff.signedAt, takenByName: job.signOff.takenByName } : null;
      return { ...job, signOff };
    }
  }
}

export interface EventExtra {
  /** payment.refunded: the refund's own payment row, which the body carries as data.refund. */
  refundId?: number;
  /** Fields the record is about to have: a visit being removed is reported cancelled as its row goes. */
  patch?: Record<string, unknown>;
}

/**
 * Records a webhook event about a record inside the caller's transaction (see record-event.ts): one line at each
 * place the event happens. `payment.refunded` names the refunded payment.
 */
export async function emitWebhookEvent(tx: DbOrTx, organizationId: number, type: WebhookEventType, recordId: number, extra: EventExtra = {}): Promise<void> {
  const recordType = RECORD_OF[type];
  await recordWebhookEvent(tx, {
    organizationId,
    type,
    recordType,
    recordId,
    data: async () => ({
      object: { ...(await recordObject(tx, organizationId, recordType, recordId)), ...extra.patch },
      ...(extra.refundId ? { refund: await paymentObject(tx, organizationId, extra.refundId) } : {}),
    }),
  });
}

/**
 * The events an invoice's status change makes (docs/rules/public-api.md#webhook-events): leaving draft for sent or
 * overdue is invoice.sent, becoming paid is invoice.paid. For writers that set the status themselves.
 */
export async function emitInvoiceStatusEvents(tx: DbOrTx, organizationId: number, invoiceId: number, from: string | null, to: string): Promise<void> {
  if ((from === null || from === 'draft') && (to === 'sent' || to === 'overdue')) await emitWebhookEvent(tx, organizationId, 'invoice.sent', invoiceId);
  if (to === 'paid' && from !== 'paid') await emitWebhookEvent(tx, organizationId, 'invoice.paid', invoiceId);
}
