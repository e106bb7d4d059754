// Vendors (Pay Bills) and vendor payments (docs/rules/records.md#vendors).
import { z } from 'zod';
import { listQuerySchema } from '../../../contracts/lists';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import {
  createVendorBodySchema,
  createVendorPaymentBodySchema,
  updateVendorBodySchema,
  updateVendorPaymentBodySchema,
  vendorIdParamsSchema,
  vendorListSchema,
  vendorPaymentIdParamsSchema,
  vendorPaymentListQuerySchema,
  vendorPaymentListSchema,
  vendorPaymentSchema,
  vendorSchema,
} from '../../../contracts/vendors';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportVendorPayments, exportVendors } from './export-vendors';
import { setTotalCount } from '../../platform/lists';
import { createVendor } from './create-vendor';
import { createVendorPayment } from './create-vendor-payment';
import { deleteVendor } from './delete-vendor';
import { deleteVendorPayment } from './delete-vendor-payment';
import { listVendorPayments } from './list-vendor-payments';
import { listVendors } from './list-vendors';
import { updateVendor } from './update-vendor';
import { updateVendorPayment } from './update-vendor-payment';

const read = access.require(['view_vendors', 'manage_vendors'], { tenant: true });
const write = access.require('manage_vendors', { tenant: true });
const tags = ['vendors'];
const deleted = { 204: z.null().describe('Deleted') };

export function vendorsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/vendors', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Vendors, by name; q searches name, company, e-mail, phone, address, tax id and notes (total in X-Total-Count)',
      querystring: listQuerySchema,
      response: { 200: vendorListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listVendors(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/vendors/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'The vendors list as CSV or XLSX, with its search and sort, streamed (vendors-<date>.csv|.xlsx)',
      querystring: listQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportVendors(db, requireCtx(req), req.query)),
  });

  app.post('/api/vendors', {
    config: { access: write },
    schema: { tags, summary: 'Add a vendor', body: createVendorBodySchema, response: { 201: vendorSchema } },
    handler: async (req, reply) => reply.code(201).send(await createVendor(db, requireCtx(req), req.body)),
  });

  app.put('/api/vendors/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change a vendor (fields left out stay as they are)',
      params: vendorIdParamsSchema,
      body: updateVendorBodySchema,
      response: { 200: vendorSchema },
    },
    handler: async (req) => updateVendor(db, requireCtx(req), req.params.id, req.body),
  });

  app.delete('/api/vendors/:id', {
    config: { access: write },
    schema: { tags, summary: 'Delete a vendor and every payment recorded for it', params: vendorIdParamsSchema, response: deleted },
    handler: async (req, reply) => {
      await deleteVendor(db, requireCtx(req), req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/vendor-payments', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Vendor payments, newest payment date first; q searches vendor, reference, description, notes, method and amount',
      querystring: vendorPaymentListQuerySchema,
      response: { 200: vendorPaymentListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listVendorPayments(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/vendor-payments/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'The vendor payments list as CSV or XLSX, with its search, filter and sort, streamed (vendor-payments-<date>.csv|.xlsx)',
      querystring: vendorPaymentListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportVendorPayments(db, requireCtx(req), req.query)),
  });

  app.post('/api/vendor-payments', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Record a payment to a vendor (date defaults to today)',
      body: createVendorPaymentBodySchema,
      response: { 201: vendorPaymentSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createVendorPayment(db, requireCtx(req), req.body)),
  });

  app.put('/api/vendor-payments/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change a vendor payment (fields left out stay as they are)',
      params: vendorPaymentIdParamsSchema,
      body: updateVendorPaymentBodySchema,
      response: { 200: vendorPaymentSchema },
    },
    handler: async (req) => updateVendorPayment(db, requireCtx(req), req.params.id, req.body),
  });

  app.delete('/api/vendor-payments/:id', {
    config: { access: write },
    schema: { tags, summary: 'Delete a vendor payment', params: vendorPaymentIdParamsSchema, response: deleted },
    handler: async (req, reply) => {
      await deleteVendorPayment(db, requireCtx(req), req.params.id);
      return reply.code(204).send(null);
    },
  });
}
