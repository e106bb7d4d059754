// Payment processors (docs/rules/money-and-payments.md#payment-processors-screen): list, add, change or activate, delete; manage_payments, tenant-scoped.
import { listQuerySchema } from '../../../contracts/lists';
import {
  createProcessorBodySchema,
  paymentProcessorListSchema,
  paymentProcessorSchema,
  processorIdParamsSchema,
  updateProcessorBodySchema,
} from '../../../contracts/payment-processors';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { setTotalCount } from '../../platform/lists';
import { createPaymentProcessor } from './create-payment-processor';
import { deletePaymentProcessor } from './delete-payment-processor';
import { listPaymentProcessors } from './list-payment-processors';
import { updatePaymentProcessor } from './update-payment-processor';

// Reads too: the configuration (even masked) and fees are an administrator's business, not every viewer's.
const manage = access.require('manage_payments', { tenant: true });
const tags = ['payment-processors'];

export function paymentProcessorsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, config } = deps;

  app.get('/api/payment-processors', {
    config: { access: manage },
    schema: {
      tags,
      summary: "The organization's processors by display name (a super user narrows with organizationId); secrets masked",
      querystring: listQuerySchema,
      response: { 200: paymentProcessorListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listPaymentProcessors(db, config, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.post('/api/payment-processors', {
    config: { access: manage },
    schema: { tags, summary: 'Add a processor (active turns the others off)', body: createProcessorBodySchema, response: { 201: paymentProcessorSchema } },
    handler: async (req, reply) => reply.code(201).send(await createPaymentProcessor(db, config, requireCtx(req), req.body)),
  });

  app.put('/api/payment-processors/:id', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Change a processor (fields left out stay; a masked key keeps the stored one); Activate sends only isActive true',
      params: processorIdParamsSchema,
      body: updateProcessorBodySchema,
      response: { 200: paymentProcessorSchema },
    },
    handler: async (req) => updatePaymentProcessor(db, config, requireCtx(req), req.params.id, req.body),
  });

  app.delete('/api/payment-processors/:id', {
    config: { access: manage },
    schema: { tags, summary: 'Delete a processor', params: processorIdParamsSchema },
    handler: async (req, reply) => {
      await deletePaymentProcessor(db, requireCtx(req), req.params.id);
      return reply.code(204).send();
    },
  });
}
