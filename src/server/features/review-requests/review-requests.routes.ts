// Review requests after a finished job (docs/rules/messaging.md#review-requests): the organization's settings.
import { organizationQuerySchema } from '../../../contracts/lists';
import { reviewRequestSettingsBodySchema, reviewRequestSettingsSchema } from '../../../contracts/review-requests';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { getReviewRequestSettings, saveReviewRequestSettings } from './review-request-settings';

const tags = ['review-requests'];
const manage = access.require('manage_organization', { tenant: true });

export function reviewRequestsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/review-requests/settings', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Whether finished jobs ask the customer for a review: the link, the wait, SMS or e-mail, the words (off until saved)',
      querystring: organizationQuerySchema,
      response: { 200: reviewRequestSettingsSchema },
    },
    handler: async (req) => getReviewRequestSettings(db, requireCtx(req), req.query.organizationId),
  });

  app.put('/api/review-requests/settings', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Save the review request settings (the whole object); an https link is required to turn them on',
      querystring: organizationQuerySchema,
      body: reviewRequestSettingsBodySchema,
      response: { 200: reviewRequestSettingsSchema },
    },
    handler: async (req) => saveReviewRequestSettings(db, requireCtx(req), req.body, req.query.organizationId),
  });
}
