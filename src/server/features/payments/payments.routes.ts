import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCents } from '../../../contracts/money';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { listQuerySchema } from '../../../contracts/lists';
import {
  confirmPaymentBodySchema,
  confirmPaymentResponseSchema,
  createPaymentIntentBodySchema,
  paymentIntentResponseSchema,
  paymentModeQuerySchema,
  paymentModeSchema,
  paymentSchema,
  recordPaymentBodySchema,
} from '../../../contracts/payments';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportPayments } from './export-payments';
import { setTotalCount } from '../../platform/lists';
import { confirmPayment } from './confirm-payment';
import { listPayments } from './list-payments';
import { paymentMode } from './payment-mode';
import { paymentOrganization } from './payment-organization';
import { recordPayment } from './record-payment';
import { startPayment } from './start-payment';
import { handleStripeWebhook, WEBHOOK_BODY_LIMIT } from './stripe-webhook';
import { appointmentMailDeps } from '../scheduling/appointment-mail-deps';
import { heldBookingMail } from '../scheduling/appointment-mail';

const read = access.require(['view_financials', 'manage_payments', 'process_payments'], { tenant: true });

const paymentListQuerySchema = listQuerySchema.extend({
  invoiceId: z.coerce.number().int().positive().optional(),
  customerId: z.coerce.number().int().positive().optional(),
});

export function paymentsRoutes(app: ZodApp, deps: AppDeps) {
  const { db, config } = deps;
  // A booking's deposit confirms the booking; its confirmation e-mail follows the commit (docs/rules/scheduling.md#holding-a-booking).
  const bookingConfirmed = heldBookingMail(db, appointmentMailDeps(app, deps));

  app.get('/api/payments', {
    config: { access: read },
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

  app.get('/api/payments/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags: ['payments'],
      summary: 'The payments list as CSV or XLSX, with its search, filters and sort, streamed (payments-<date>.csv|.xlsx)',
      querystring: paymentListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportPayments(db, requireCtx(req), req.query)),
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

  app.get('/api/payment-mode', {
    config: { access: access.require('process_payments', { tenant: true }) },
    schema: {
      tags: ['payments'],
      summary: "Which processor would take a payment (the invoice's organization for a super user): test gateway, Stripe, and whether in test mode",
      querystring: paymentModeQuerySchema,
      response: { 200: paymentModeSchema },
    },
    handler: async (req) => paymentMode(db, config, await paymentOrganization(db, requireCtx(req), req.query.invoiceId, req.query.organizationId)),
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
    handler: async (req) => confirmPayment(db, config, req.body, bookingConfirmed),
  });

  // Stripe signs the exact bytes it sends, so these routes keep the body raw.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(['application/json'], { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const webhookResponse = { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) };
    const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.from(''));
    const signatureOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);
    scope.post('/api/webhooks/stripe/:processorId', {
      config: { access: access.public({ csrf: false }) },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "Stripe events for one processor: checked against that processor's signing secret only, each event handled once",
        params: z.object({ processorId: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: webhookResponse,
      },
      handler: async (req) =>
        handleStripeWebhook(db, config, { processorId: req.params.processorId }, raw(req.body), signatureOf(req.headers['stripe-signature']), bookingConfirmed),
    });
    scope.post('/api/webhooks/stripe', {
      config: { access: access.public({ csrf: false }) },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "Legacy Stripe events URL: only events for intents this app created, checked against the one processor their metadata names",
        response: webhookResponse,
      },
      handler: async (req) => {
        const result = await handleStripeWebhook(db, config, 'legacy', raw(req.body), signatureOf(req.headers['stripe-signature']), bookingConfirmed);
        // Said only for a genuine Stripe delivery (forged calls are refused above and would only flood the log).
        req.log.warn("Stripe event on the legacy URL /api/webhooks/stripe: point the webhook at the processor's own URL (Payment Processors screen)");
        return result;
      },
    });
  });
}
