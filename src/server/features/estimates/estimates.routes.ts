import { messageSchema } from '../../../contracts/auth';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { convertEstimateSchema, createEstimateSchema, estimateListQuerySchema, estimateListSchema, estimateSchema, updateEstimateSchema } from '../../../contracts/estimates';
import { idParamsSchema } from '../../../contracts/line-items';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportEstimates } from './export-estimates';
import { setTotalCount } from '../../platform/lists';
import { sendPdf } from '../documents/send-pdf';
import { createEstimate } from './create-estimate';
import { emailEstimate } from './email-estimate';
import { renderEstimatePdf } from './estimate-pdf';
import { getEstimate } from './get-estimate';
import { listEstimates } from './list-estimates';
import { updateEstimate } from './update-estimate';
import { convertEstimate } from './convert-estimate';
import { newEstimateVersion } from './new-estimate-version';

const READ = ['create_estimates', 'manage_estimates'] as const;

export function estimatesRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/estimates', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags: ['estimates'],
      summary: 'Estimates with customer name and line items, newest first (q: number, title, customer; status; customerId)',
      querystring: estimateListQuerySchema,
      response: { 200: estimateListSchema },
    },
    handler: async (req, reply) => {
      const { items, total } = await listEstimates(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return items;
    },
  });

  app.get('/api/estimates/export', {
    config: { access: access.require(READ, { tenant: true }), answers: 'spreadsheet' },
    schema: {
      tags: ['estimates'],
      summary: 'The estimates list as CSV or XLSX, with its search, filters and sort, streamed (estimates-<date>.csv|.xlsx)',
      querystring: estimateListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportEstimates(db, requireCtx(req), req.query)),
  });

  app.get('/api/estimates/:id', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: { tags: ['estimates'], summary: 'One estimate with its line items', params: idParamsSchema, response: { 200: estimateSchema } },
    handler: async (req) => getEstimate(db, requireCtx(req), req.params.id),
  });

  app.post('/api/estimates', {
    config: { access: access.require('create_estimates', { tenant: true }) },
    schema: {
      tags: ['estimates'],
      summary: 'Create an estimate (lineItems as an array or a JSON string); the server numbers it (EST-00001) and computes the totals',
      body: createEstimateSchema,
      response: { 201: estimateSchema },
    },
    handler: async (req, reply) => {
      const estimate = await createEstimate(db, requireCtx(req), req.body);
      return reply.code(201).send(estimate);
    },
  });

  app.put('/api/estimates/:id', {
    config: { access: access.require('manage_estimates', { tenant: true }) },
    schema: {
      tags: ['estimates'],
      summary: 'Update an estimate (the fields sent); lineItems replace the lines',
      params: idParamsSchema,
      body: updateEstimateSchema,
      response: { 200: estimateSchema },
    },
    handler: async (req) => updateEstimate(db, requireCtx(req), req.params.id, req.body),
  });

  app.get('/api/estimates/:id/pdf', {
    config: { access: access.require(READ, { tenant: true }), answers: 'application/pdf' },
    schema: { tags: ['estimates'], summary: 'The estimate as a PDF download (estimate-EST-00001.pdf)', params: idParamsSchema },
    handler: async (req, reply) => {
      const { fileName, pdf } = await renderEstimatePdf(db, requireCtx(req), req.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  });

  app.post('/api/estimates/:id/email', {
    config: { access: access.require(['manage_estimates', 'create_estimates'], { tenant: true }) },
    schema: {
      tags: ['estimates'],
      summary: "E-mail the estimate with its PDF to the customer's address; recorded in Messaging",
      params: idParamsSchema,
      response: { 200: messageSchema },
    },
    handler: async (req) => {
      await emailEstimate(deps, requireCtx(req), req.params.id);
      return { message: 'Estimate emailed successfully to customer' };
    },
  });

  app.post('/api/estimates/:id/versions', {
    config: { access: access.require('manage_estimates', { tenant: true }) },
    schema: {
      tags: ['estimates'],
      summary: 'Start a new version of a sent or approved estimate: the current one is kept in versions and the estimate becomes a draft again',
      params: idParamsSchema,
      response: { 200: estimateSchema },
    },
    handler: async (req) => newEstimateVersion(db, requireCtx(req), req.params.id),
  });

  app.post('/api/estimates/:id/convert', {
    config: { access: access.require('manage_estimates', { tenant: true }) },
    schema: {
      tags: ['estimates'],
      summary: 'Convert an approved estimate into a work order and/or a draft invoice with the approved lines, linked by estimateId',
      params: idParamsSchema,
      body: convertEstimateSchema,
      response: { 200: estimateSchema },
    },
    handler: async (req) => convertEstimate(db, requireCtx(req), req.params.id, req.body),
  });
}
