import { paymentSchema, refundPaymentBodySchema } from '../../../contracts/payments';
import { idParamsSchema } from '../../../contracts/line-items';
import { toCents } from '../../../contracts/money';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { refundPayment } from './refund-payment';

export function refundsRoutes(app: ZodApp, deps: AppDeps) {
  const { db, config } = deps;

  app.post('/api/payments/:id/refunds', {
    // Money leaves the business: those who process payments (admins), as for taking them.
    config: { access: access.require('process_payments', { tenant: true }) },
    schema: {
      tags: ['payments'],
      summary:
        'Refund a completed payment in full or in part through the processor that took it (a negative payment row); the same idempotencyKey again returns the first refund (200)',
      params: idParamsSchema,
      body: refundPaymentBodySchema,
      response: { 200: paymentSchema, 201: paymentSchema },
    },
    handler: async (req, reply) => {
      const { refund, created } = await refundPayment(db, config, requireCtx(req), req.params.id, {
        amountCents: toCents(req.body.amount),
        reason: req.body.reason,
        idempotencyKey: req.body.idempotencyKey,
      });
      return reply.code(created ? 201 : 200).send(refund);
    },
  });
}
