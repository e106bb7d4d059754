import { messageSchema } from '../../../contracts/auth';
import { createInvoiceSchema, invoiceListQuerySchema, invoiceListSchema, invoiceSchema, updateInvoiceSchema, voidInvoiceSchema } from '../../../contracts/invoices';
import { idParamsSchema } from '../../../contracts/line-items';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { setTotalCount } from '../../platform/lists';
import { createInvoice } from './create-invoice';
import { emailInvoice } from './email-invoice';
import { exportInvoices } from './export-invoices';
import { getInvoice } from '../documents/get-invoice';
import { renderInvoicePdf } from '../documents/invoice-pdf';
import { listInvoices } from './list-invoices';
import { updateInvoice } from './update-invoice';
import { voidInvoice } from './void-invoice';
import { sendPdf } from '../documents/send-pdf';

const READ = ['view_financials', 'manage_invoices', 'create_invoices'] as const;

export function invoicesRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/invoices', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags: ['invoices'],
      summary: 'Invoices with customer name, line items and balance, newest first (q: number, customer; status; customerId)',
      querystring: invoiceListQuerySchema,
      response: { 200: invoiceListSchema },
    },
    handler: async (req, reply) => {
      const { items, total } = await listInvoices(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return items;
    },
  });

  app.get('/api/invoices/export', {
    config: { access: access.require(READ, { tenant: true }), answers: 'spreadsheet' },
    schema: {
      tags: ['invoices'],
      summary: 'The invoices list as CSV or XLSX, with its search, filters and sort, streamed (invoices-<date>.csv|.xlsx)',
      querystring: invoiceListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportInvoices(db, requireCtx(req), req.query)),
  });

  app.get('/api/invoices/:id', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: { tags: ['invoices'], summary: 'One invoice with its line items and balance due', params: idParamsSchema, response: { 200: invoiceSchema } },
    handler: async (req) => getInvoice(db, requireCtx(req), req.params.id),
  });

  app.post('/api/invoices', {
    config: { access: access.require('create_invoices', { tenant: true }) },
    schema: {
      tags: ['invoices'],
      summary: 'Create an invoice; the server numbers it (INV-00001) and computes amounts, subtotal and total',
      body: createInvoiceSchema,
      response: { 201: invoiceSchema },
    },
    handler: async (req, reply) => {
      const invoice = await createInvoice(db, requireCtx(req), req.body);
      return reply.code(201).send(invoice);
    },
  });

  app.put('/api/invoices/:id', {
    config: { access: access.require('manage_invoices', { tenant: true }) },
    schema: {
      tags: ['invoices'],
      summary: 'Update an invoice (the fields sent); lineItems replace the lines; invoiceNumber renames it (409 when taken)',
      params: idParamsSchema,
      body: updateInvoiceSchema,
      response: { 200: invoiceSchema },
    },
    handler: async (req) => updateInvoice(db, requireCtx(req), req.params.id, req.body),
  });

  app.post('/api/invoices/:id/void', {
    config: { access: access.require('manage_invoices', { tenant: true }) },
    schema: {
      tags: ['invoices'],
      summary: 'Void an invoice without payments: it keeps its number and record and owes nothing (409 when paid towards or already void)',
      params: idParamsSchema,
      body: voidInvoiceSchema,
      response: { 200: invoiceSchema },
    },
    handler: async (req) => voidInvoice(db, requireCtx(req), req.params.id, req.body.reason),
  });

  app.get('/api/invoices/:id/pdf', {
    config: { access: access.require(READ, { tenant: true }), answers: 'application/pdf' },
    schema: { tags: ['invoices'], summary: 'The invoice as a PDF download (invoice-INV-00001.pdf)', params: idParamsSchema },
    handler: async (req, reply) => {
      const { fileName, pdf } = await renderInvoicePdf(db, requireCtx(req), req.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  });

  app.post('/api/invoices/:id/email', {
    config: { access: access.require(['manage_invoices', 'create_invoices'], { tenant: true }) },
    schema: {
      tags: ['invoices'],
      summary: "E-mail the invoice with its PDF to the customer's address; recorded in Messaging",
      params: idParamsSchema,
      response: { 200: messageSchema },
    },
    handler: async (req) => {
      await emailInvoice(deps, requireCtx(req), req.params.id);
      return { message: 'Invoice emailed successfully to customer' };
    },
  });
}
