// An organization's API keys (docs/rules/public-api.md#api-keys): listed, created and revoked by its admins in the web
// app. Managing keys is a person's act, never a key's (docs/rules/public-api.md#what-a-key-cannot-call).
import { apiKeyListSchema, apiKeySchema, createApiKeySchema, createdApiKeySchema } from '../../../contracts/api-keys';
import { idParamsSchema } from '../../../contracts/line-items';
import { listQuerySchema } from '../../../contracts/lists';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { setTotalCount } from '../../platform/lists';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';

const tags = ['api-keys'];
const ADMIN = access.require('manage_organization', { tenant: true, sessionOnly: true });

export function apiKeysRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/api-keys', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: "The organization's API keys, working ones first, newest first (never their secrets); q searches name and prefix; total in X-Total-Count",
      querystring: listQuerySchema,
      response: { 200: apiKeyListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listApiKeys(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.post('/api/api-keys', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary:
        'Create an API key: a name (1-100 characters) and permissions an organization admin holds; answers the secret once (send it as Authorization: Bearer <secret>). At most 50 working keys',
      body: createApiKeySchema,
      response: { 201: createdApiKeySchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createApiKey(db, requireCtx(req), req.body)),
  });

  app.post('/api/api-keys/:id/revoke', {
    config: { access: ADMIN },
    schema: {
      tags,
      summary: 'Revoke an API key: its next call answers 401. Revoking a revoked key answers it unchanged',
      params: idParamsSchema,
      response: { 200: apiKeySchema },
    },
    handler: async (req) => revokeApiKey(db, requireCtx(req), req.params.id),
  });
}
