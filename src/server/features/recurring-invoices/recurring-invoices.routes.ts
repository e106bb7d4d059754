// Recurring invoices (docs/rules/money-and-payments.md#recurring-invoices).
import { messageSchema } from '../../../contracts/auth';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { idParamsSchema } from '../../../contracts/line-items';
import {
  createRecurringInvoiceSchema,
  recurringInvoiceListQuerySchema,
  recurringInvoiceListSchema,
  recurringInvoiceSchema,
  updateRecurringInvoiceSchema,
} from '../../../contracts/recurring-invoices';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportRecurringInvoices } from './export-recurring-invoices';
import { setTotalCount } from '../../platform/lists';
import { createRecurringInvoice, deleteRecurringInvoice, getRecurringInvoice, listRecurringInvoices, updateRecurringInvoice } from './recurring-invoice-service';

const tags = ['recurring-invoices'];
const WRITE = ['manage_invoices', 'create_invoices'] as const;
const READ = ['manage_invoices', 'create_invoices', 'view_financials'] as const;

export function recurringInvoicesRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/recurring-invoices', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags,
      summary: 'Recurring invoices, newest first (total in X-Total-Count): schedule, next date, per-period total, the invoices made',
      querystring: recurringInvoiceListQuerySchema,
      response: { 200: recurringInvoiceListSchema },
    },
    handler: async (req, reply) => {
      const { items, total } = await listRecurringInvoices(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return items;
    },
  });

  app.get('/api/recurring-invoices/export', {
    config: { access: access.require(READ, { tenant: true }), answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'The recurring invoices list as CSV or XLSX, with its filter and sort, streamed (recurring-invoices-<date>.csv|.xlsx)',
      querystring: recurringInvoiceListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportRecurringInvoices(db, requireCtx(req), req.query)),
  });

  app.get('/api/recurring-invoices/:id', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: { tags, summary: 'One recurring invoice', params: idParamsSchema, response: { 200: recurringInvoiceSchema } },
    handler: async (req) => getRecurringInvoice(db, requireCtx(req), req.params.id),
  });

  app.post('/api/recurring-invoices', {
    config: { access: access.require(WRITE, { tenant: true }) },
    schema: {
      tags,
      summary: 'Bill a customer on a schedule (weekly or every N weeks, monthly on a day, quarterly, yearly; until a date or a count): each period is invoiced once by the job',
      body: createRecurringInvoiceSchema,
      response: { 201: recurringInvoiceSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createRecurringInvoice(db, requireCtx(req), req.body)),
  });

  app.put('/api/recurring-invoices/:id', {
    config: { access: access.require(WRITE, { tenant: true }) },
    schema: {
      tags,
      summary: 'Change the schedule, lines or customer from the next period on, or pause and resume it; invoices already made stay',
      params: idParamsSchema,
      body: updateRecurringInvoiceSchema,
      response: { 200: recurringInvoiceSchema },
    },
    handler: async (req) => updateRecurringInvoice(db, requireCtx(req), req.params.id, req.body),
  });

  app.delete('/api/recurring-invoices/:id', {
    config: { access: access.require(WRITE, { tenant: true }) },
    schema: { tags, summary: 'Stop and delete a recurring invoice; the invoices it made stay', params: idParamsSchema, response: { 200: messageSchema } },
    handler: async (req) => {
      await deleteRecurringInvoice(db, requireCtx(req), req.params.id);
      return { message: 'Recurring invoice deleted' };
    },
  });
}
