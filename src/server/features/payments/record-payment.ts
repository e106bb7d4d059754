// A payment recorded by hand (cash, check, ...) against an invoice; refused when it would pay more than is due.
import { toCents } from '../../../contracts/money';
import type { recordPaymentBodySchema } from '../../../contracts/payments';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { z } from 'zod';
import { paymentOrganization } from './payment-organization';
import { settlePayment } from './settle-payment';
import { toPaymentResponse } from './payment-response';

export async function recordPayment(db: Db, ctx: RequestContext, body: z.output<typeof recordPaymentBodySchema>, organizationId?: number | null) {
  const orgId = await paymentOrganization(db, ctx, body.invoiceId, organizationId);
  const done = await db.transaction((tx) =>
    settlePayment(
      tx,
      {
        organizationId: orgId,
        invoiceId: body.invoiceId,
        customerName: null,
        amountCents: toCents(body.amount),
        method: body.method,
        reference: body.reference,
        notes: body.notes,
        receivedDate: body.receivedDate ? new Date(body.receivedDate) : undefined,
        intentId: null,
        processor: 'manual',
      },
      { refuseOverBalance: true },
    ),
  );
  return toPaymentResponse(done.payment);
}
