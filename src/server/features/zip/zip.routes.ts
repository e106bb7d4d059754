import { zipParamsSchema, zipPlaceSchema } from '../../../contracts/customers';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { lookupZip } from './lookup-zip';

export function zipRoutes(app: ZodApp, _deps: AppDeps) {
  app.get('/api/zip/:zip', {
    // Public reference data, not tenant data: any signed-in user may look a ZIP code up.
    config: { access: access.signedIn() },
    schema: { tags: ['lookups'], summary: 'City and state of a US ZIP code', params: zipParamsSchema, response: { 200: zipPlaceSchema } },
    handler: async (req) => {
      const place = lookupZip(req.params.zip);
      if (!place) throw notFound('ZIP code not found');
      return place;
    },
  });
}
