// Tax rates and pricing settings (docs/rules/money-and-payments.md#taxes-and-discounts).
import { organizationQuerySchema } from '../../../contracts/lists';
import { idParamsSchema } from '../../../contracts/line-items';
import { createTaxRateSchema, taxRateSchema, taxSettingsSchema, updateTaxRateSchema, updateTaxSettingsSchema } from '../../../contracts/tax-rates';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { createTaxRate, getTaxSettings, updateTaxRate, updateTaxSettings } from './tax-rate-service';

const tags = ['tax-rates'];
// Whoever writes a priced document reads the rates to offer them; only the organization's managers change them.
const READ = ['manage_organization', 'view_financials', 'manage_estimates', 'create_estimates', 'manage_invoices', 'create_invoices'] as const;
const WRITE = 'manage_organization';


export function taxRatesRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/tax-settings', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags,
      summary: "The organization's tax rates (archived last) and how it prices: prices include tax, and where tax is rounded",
      querystring: organizationQuerySchema,
      response: { 200: taxSettingsSchema },
    },
    handler: async (req) => getTaxSettings(db, requireCtx(req), req.query.organizationId),
  });

  app.put('/api/tax-settings', {
    config: { access: access.require(WRITE, { tenant: true }) },
    schema: {
      tags,
      summary: 'Choose whether prices include tax and where tax is rounded (per_document or per_line); documents written from now on follow',
      querystring: organizationQuerySchema,
      body: updateTaxSettingsSchema,
      response: { 200: taxSettingsSchema },
    },
    handler: async (req) => updateTaxSettings(db, requireCtx(req), req.body, req.query.organizationId),
  });

  app.post('/api/tax-rates', {
    config: { access: access.require(WRITE, { tenant: true }) },
    schema: {
      tags,
      summary: 'Add a tax rate (name, percent with up to 4 decimals, default or not); at most 50 per organization',
      querystring: organizationQuerySchema,
      body: createTaxRateSchema,
      response: { 201: taxRateSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createTaxRate(db, requireCtx(req), req.body, req.query.organizationId)),
  });

  app.put('/api/tax-rates/:id', {
    config: { access: access.require(WRITE, { tenant: true }) },
    schema: {
      tags,
      summary: 'Rename, re-rate, make default or archive a tax rate: documents already written keep what they were priced with',
      params: idParamsSchema,
      body: updateTaxRateSchema,
      response: { 200: taxRateSchema },
    },
    handler: async (req) => updateTaxRate(db, requireCtx(req), req.params.id, req.body),
  });
}
