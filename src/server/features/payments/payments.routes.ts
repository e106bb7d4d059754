import { z } from 'zod';
import { toCents } from '../../../contracts/money';
import { listQuerySchema } from '../../../contracts/lists';
import {
  confirmPaymentBodySchema,
  confirmPaymentResponseSchema,
  createPaymentIntentBodySchema,
  paymentIntentResponseSchema,
  paymentSchema,
  recordPaymentBodySchema,
} from '../../../contracts/payments';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { requireCtx } from '../../platform/guard';
import { setTotalCount } from '../../platform/lists';
import { confirmPayment } from './confirm-payment';
import { listPayments } from './list-payments';
import { paymentOrganization } from './payment-organization';
import { recordPayment } from './record-payment';
import { startPayment } from './start-payment';
import { handleStripeWebhook } from './stripe-webhook';

const read = access.require(['view_financials', 'manage_payments', 'process_payments'], { tenant: true });

const paymentListQuerySchema = listQuerySchema.extend({
  invoiceId: z.coerce.number().int().positive().optional(),
  customerId: z.coerce.number().int().positive().optional(),
});

export function paymentsRoutes(app: ZodApp, deps: AppDeps) {
  const { db, config } = deps;

  app.get('/api/payments', {
    config: { access: read, cacheResponse: true },
    schema: {
      tags: ['payments'],
      summary: 'Payments received, newest first; q searches invoice number, customer, reference and method (total in X-Total-Count)',
      querystring: paymentListQuerySchema,
      response: { 200: z.array(paymentSchema) },
    },
    handler: async (req, reply) => {
      const { items, total } = await listPayments(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return items;
    },
  });

  app.post('/api/payments', {
    config: { access: access.require('manage_payments', { tenant: true }) },
    schema: {
      tags: ['payments'],
      summary: 'Record a payment received by hand against an invoice (refused above the balance due)',
      querystring: z.object({ organizationId: z.coerce.number().int().positive().optional() }),
      body: recordPaymentBodySchema,
      response: { 201: paymentSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await recordPayment(db, requireCtx(req), req.body, req.query.organizationId)),
  });

  app.post('/api/create-payment-intent', {
    config: { access: access.require('process_payments', { tenant: true }) },
    schema: {
      tags: ['payments'],
      summary: "Start a card or bank payment through the organization's processor or the built-in test gateway",
      querystring: z.object({ organizationId: z.coerce.number().int().positive().optional() }),
      body: createPaymentIntentBodySchema,
      response: { 200: paymentIntentResponseSchema },
    },
    handler: async (req) => {
      const ctx = requireCtx(req);
      const organizationId = await paymentOrganization(db, ctx, req.body.invoiceId, req.query.organizationId);
      return startPayment(db, config, {
        organizationId,
        invoiceId: req.body.invoiceId ?? null,
        amountCents: toCents(req.body.amount),
        customerName: req.body.customerName,
        description: req.body.description,
        reference: req.body.reference,
        paymentType: req.body.paymentType,
        source: 'staff',
      });
    },
  });

  app.post('/api/payment-intents/confirm', {
    // Whoever holds the client secret started the payment (staff, the portal or a public payment link).
    config: { access: access.public(), clientLimit: CLIENT_LIMITS.cardSubmit },
    schema: {
      tags: ['payments'],
      summary: 'Complete a payment: the test gateway charges the card or bank details; for Stripe the intent is read back from Stripe',
      body: confirmPaymentBodySchema,
      response: { 200: confirmPaymentResponseSchema },
    },
    handler: async (req) => confirmPayment(db, config, req.body),
  });

  // Stripe signs the exact bytes it sends, so this route keeps the body raw.
  void app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(['application/json'], { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/api/webhooks/stripe', {
      config: { access: access.public({ csrf: false }) },
      schema: { tags: ['payments'], summary: 'Stripe events (signature checked, each event handled once)', response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } },
      handler: async (req) => {
        const signature = req.headers['stripe-signature'];
        return handleStripeWebhook(db, Buffer.isBuffer(req.body) ? req.body : Buffer.from(''), typeof signature === 'string' ? signature : undefined);
      },
    });
  });
}
