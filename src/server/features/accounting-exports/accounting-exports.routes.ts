// Accounting exports (docs/rules/data-exchange.md#accounting-exports): the settings an admin maps once, and the
// exports managers make for the accountant, each kept to download again.
import {
  accountingExportListSchema,
  accountingExportResultSchema,
  accountingSettingsBodySchema,
  accountingSettingsSchema,
  createAccountingExportSchema,
} from '../../../contracts/accounting';
import { idParamsSchema } from '../../../contracts/line-items';
import { listQuerySchema, organizationQuerySchema } from '../../../contracts/lists';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { setTotalCount } from '../../platform/lists';
import { contentDisposition } from '../documents/send-pdf';
import { getAccountingSettings, updateAccountingSettings } from './accounting-settings';
import { createAccountingExport } from './create-accounting-export';
import { getAccountingExportFile, listAccountingExports } from './list-accounting-exports';

const tags = ['accounting'];
// The books of the organization's money: whoever sees its financials (managers, admins) exports them for the
// accountant; the accounts and tax codes are the organization's settings, which admins change.
const EXPORT = access.require('view_financials', { tenant: true });
const READ_SETTINGS = access.require(['manage_organization', 'view_financials'], { tenant: true });
const WRITE_SETTINGS = access.require('manage_organization', { tenant: true });

const exportListQuerySchema = listQuerySchema.omit({ q: true });

export function accountingExportsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/accounting/settings', {
    config: { access: READ_SETTINGS },
    schema: {
      tags,
      summary: 'The export format, the accounts and tax codes mapped (null until first saved), and the tax codes the organization needs',
      querystring: organizationQuerySchema,
      response: { 200: accountingSettingsSchema },
    },
    handler: async (req) => getAccountingSettings(db, requireCtx(req), req.query.organizationId),
  });

  app.put('/api/accounting/settings', {
    config: { access: WRITE_SETTINGS },
    schema: {
      tags,
      summary: "Save the format and mapping: the accounts the format needs and a tax code for every active rate, set of rates in use and hand-typed tax",
      querystring: organizationQuerySchema,
      body: accountingSettingsBodySchema,
      response: { 200: accountingSettingsSchema },
    },
    handler: async (req) => updateAccountingSettings(db, requireCtx(req), req.body, req.query.organizationId),
  });

  app.get('/api/accounting/exports', {
    config: { access: EXPORT },
    schema: {
      tags,
      summary: 'Accounting exports made, newest first, with their period, format and counts (sort: createdAt, periodFrom, periodTo)',
      querystring: exportListQuerySchema,
      response: { 200: accountingExportListSchema },
    },
    handler: async (req, reply) => {
      const { items, total } = await listAccountingExports(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return items;
    },
  });

  app.post('/api/accounting/exports', {
    config: { access: EXPORT },
    schema: {
      tags,
      summary:
        'Export the invoices, credit notes, payments and refunds of a period (days in the organization zone) not in an earlier export: 201 with the export, 200 with none when nothing is new',
      querystring: organizationQuerySchema,
      body: createAccountingExportSchema,
      response: { 200: accountingExportResultSchema, 201: accountingExportResultSchema },
    },
    handler: async (req, reply) => {
      const { created, result } = await createAccountingExport(db, requireCtx(req), req.body, req.query.organizationId);
      return reply.code(created ? 201 : 200).send(result);
    },
  });

  app.get('/api/accounting/exports/:id/file', {
    config: { access: EXPORT, answers: 'accounting-export' },
    schema: { tags, summary: 'The export file as it was made, to download again', params: idParamsSchema },
    handler: async (req, reply) => {
      const file = await getAccountingExportFile(db, requireCtx(req), req.params.id);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  });
}
