// Invoices paid in installments (docs/rules/money-and-payments.md#installments).
import { messageSchema } from '../../../contracts/auth';
import { idParamsSchema } from '../../../contracts/line-items';
import { createPaymentPlanSchema, paymentPlanSchema } from '../../../contracts/payment-plans';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { cancelPaymentPlan, createPaymentPlan, getPaymentPlan } from './payment-plan-service';

const tags = ['payment-plans'];
const READ = ['view_financials', 'manage_invoices', 'create_invoices'] as const;

export function paymentPlansRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/invoices/:id/payment-plan', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags,
      summary: "The invoice's active payment plan (null without one): installments with what each has been paid and its status, and the next one due",
      params: idParamsSchema,
      response: { 200: paymentPlanSchema.nullable() },
    },
    handler: async (req) => getPaymentPlan(db, requireCtx(req), req.params.id),
  });

  app.post('/api/invoices/:id/payment-plan', {
    config: { access: access.require('manage_invoices', { tenant: true }) },
    schema: {
      tags,
      summary: 'Split a sent invoice\'s balance due into installments (2-36, adding up to the cent, due dates in order)',
      params: idParamsSchema,
      body: createPaymentPlanSchema,
      response: { 201: paymentPlanSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createPaymentPlan(db, requireCtx(req), req.params.id, req.body)),
  });

  app.delete('/api/invoices/:id/payment-plan', {
    config: { access: access.require('manage_invoices', { tenant: true }) },
    schema: { tags, summary: "Cancel the invoice's payment plan: the balance due is asked for in one again", params: idParamsSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      await cancelPaymentPlan(db, requireCtx(req), req.params.id);
      return { message: 'Payment plan cancelled' };
    },
  });
}
