// Outbound webhooks (docs/rules/public-api.md#webhooks): an organization admin's endpoints, their secrets, test events
// and deliveries. The same routes serve the Developers screen and API keys with manage_organization.
import { z } from 'zod';
import { idParamsSchema } from '../../../contracts/line-items';
import { organizationQuerySchema } from '../../../contracts/lists';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  sendTestWebhookSchema,
  updateWebhookEndpointSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '../../../contracts/webhooks';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { setTotalCount } from '../../platform/lists';
import { secretBoxFor } from '../../platform/secret-box';
import { listDeliveries, replayDelivery, sendTestEvent } from './endpoint-deliveries';
import { revealSecret, rollSecret } from './endpoint-secret';
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, updateEndpoint, type EndpointDeps } from './manage-endpoints';

const ADMIN = access.require('manage_organization', { tenant: true });
/** POST .../roll and .../replay take no fields. */
const noFields = z.object({});

export function webhooksRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, config } = deps;
  const tags = ['webhooks'];
  // Read when a call needs it: the box exists once APP_SECRET is resolved (main.ts, the tests' app).
  const endpointDeps = (): EndpointDeps => ({ box: secretBoxFor(config), rules: config });

  app.get('/api/webhook-endpoints', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: "The organization's webhook endpoints, oldest first, each with its latest delivery's outcome and how many are still to send",
      querystring: organizationQuerySchema,
      response: { 200: z.array(webhookEndpointSchema) },
    },
    handler: async (req) => listEndpoints(db, requireCtx(req), req.query.organizationId),
  });

  app.post('/api/webhook-endpoints', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: 'Subscribe a URL to events (at most 16 endpoints); the answer carries the signing secret (whsec_...)',
      body: createWebhookEndpointSchema,
      response: { 201: createdWebhookEndpointSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createEndpoint(db, endpointDeps(), requireCtx(req), req.body)),
  });

  app.get('/api/webhook-endpoints/:id', {
    config: { access: ADMIN },
    schema: { tags, summary: 'One webhook endpoint (never its secret)', params: idParamsSchema, response: { 200: webhookEndpointSchema } },
    handler: async (req) => getEndpoint(db, requireCtx(req), req.params.id),
  });

  app.put('/api/webhook-endpoints/:id', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: 'Change the URL, description or events; isActive false stops sending (deliveries wait) and true starts again',
      params: idParamsSchema,
      body: updateWebhookEndpointSchema,
      response: { 200: webhookEndpointSchema },
    },
    handler: async (req) => updateEndpoint(db, endpointDeps(), requireCtx(req), req.params.id, req.body),
  });

  app.delete('/api/webhook-endpoints/:id', {
    config: { access: ADMIN },
    schema: { tags, summary: 'Delete the endpoint and its deliveries', params: idParamsSchema, response: { 204: z.null().describe('Deleted') } },
    handler: async (req, reply) => {
      await deleteEndpoint(db, requireCtx(req), req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/webhook-endpoints/:id/secret', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: "The endpoint's signing secret (audited); 409 when it was sealed with another APP_SECRET (roll it)",
      params: idParamsSchema,
      response: { 200: webhookSecretSchema },
    },
    handler: async (req) => revealSecret(db, secretBoxFor(config), requireCtx(req), req.params.id),
  });

  app.post('/api/webhook-endpoints/:id/secret/roll', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: 'A new signing secret, which signs every delivery from now on; the old one stops at once (audited)',
      params: idParamsSchema,
      body: noFields,
      response: { 200: webhookSecretSchema },
    },
    handler: async (req) => rollSecret(db, secretBoxFor(config), requireCtx(req), req.params.id),
  });

  app.post('/api/webhook-endpoints/:id/test', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: 'Send a sample event of the type (made-up record, id 0, "test": true) to this endpoint only; 409 when it is turned off',
      params: idParamsSchema,
      body: sendTestWebhookSchema,
      response: { 201: webhookDeliverySchema },
    },
    handler: async (req, reply) => reply.code(201).send(await sendTestEvent(db, requireCtx(req), req.params.id, req.body)),
  });

  app.get('/api/webhook-endpoints/:id/deliveries', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: "The endpoint's deliveries, newest first, with the body sent and the answer's status and first 2 KB; paged (limit, offset, X-Total-Count)",
      params: idParamsSchema,
      querystring: webhookDeliveriesQuerySchema,
      response: { 200: z.array(webhookDeliverySchema) },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listDeliveries(db, requireCtx(req), req.params.id, req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.post('/api/webhook-endpoints/:id/deliveries/:deliveryId/replay', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: "Send the delivery's event again: a new delivery, after any of its record's still pending; 409 when the endpoint is turned off",
      params: webhookDeliveryParamsSchema,
      body: noFields,
      response: { 201: webhookDeliverySchema },
    },
    handler: async (req, reply) => reply.code(201).send(await replayDelivery(db, requireCtx(req), req.params.id, req.params.deliveryId)),
  });
}
