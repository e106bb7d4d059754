import { idParamsSchema } from '../../../contracts/line-items';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import {
  createWorkOrderSchema,
  signOffBodySchema,
  updateWorkOrderSchema,
  workOrderListQuerySchema,
  workOrderListSchema,
  workOrderSchema,
} from '../../../contracts/work-orders';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { setTotalCount } from '../../platform/lists';
import { createWorkOrder } from './create-work-order';
import { exportWorkOrders } from './export-work-orders';
import { getWorkOrder } from './get-work-order';
import { listWorkOrders } from './list-work-orders';
import { updateWorkOrder } from './update-work-order';
import { signOffWorkOrder } from './sign-off';
import { renderWorkOrderPdf } from './work-order-pdf';
import { sendPdf } from '../documents/send-pdf';

const READ = ['create_work_orders', 'manage_work_orders'] as const;

export function workOrdersRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/work-orders', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags: ['work-orders'],
      summary: 'Work orders with customer name and line items, newest first (q: number, title, customer; status; customerId)',
      querystring: workOrderListQuerySchema,
      response: { 200: workOrderListSchema },
    },
    handler: async (req, reply) => {
      const { items, total } = await listWorkOrders(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return items;
    },
  });

  app.get('/api/work-orders/export', {
    config: { access: access.require(READ, { tenant: true }), answers: 'spreadsheet' },
    schema: {
      tags: ['work-orders'],
      summary: 'The work orders list as CSV or XLSX, with its search, filters and sort, streamed (work-orders-<date>.csv|.xlsx)',
      querystring: workOrderListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportWorkOrders(db, requireCtx(req), req.query)),
  });

  app.get('/api/work-orders/:id', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: { tags: ['work-orders'], summary: 'One work order with its line items', params: idParamsSchema, response: { 200: workOrderSchema } },
    handler: async (req) => getWorkOrder(db, requireCtx(req), req.params.id),
  });

  app.post('/api/work-orders', {
    config: { access: access.require('create_work_orders', { tenant: true }) },
    schema: {
      tags: ['work-orders'],
      summary: 'Create a work order; the server numbers it (WO-00001) and computes line amounts and totalCost',
      body: createWorkOrderSchema,
      response: { 201: workOrderSchema },
    },
    handler: async (req, reply) => {
      const wo = await createWorkOrder(db, requireCtx(req), req.body);
      return reply.code(201).send(wo);
    },
  });

  // Updating, including the list's Start/Complete status-only call, is managing: employees (who only
  // have create_work_orders, docs/rules/organizations-and-roles.md#role-table) get 403.
  app.put('/api/work-orders/:id', {
    config: { access: access.require('manage_work_orders', { tenant: true }) },
    schema: {
      tags: ['work-orders'],
      summary: 'Update a work order (the fields sent; `{ status }` alone for Start/Complete); lineItems replace the lines',
      params: idParamsSchema,
      body: updateWorkOrderSchema,
      response: { 200: workOrderSchema },
    },
    handler: async (req) => updateWorkOrder(db, requireCtx(req), req.params.id, req.body),
  });

  app.get('/api/work-orders/:id/pdf', {
    config: { access: access.require(READ, { tenant: true }), answers: 'application/pdf' },
    schema: { tags: ['work-orders'], summary: 'The job sheet as a PDF download (work-order-WO-00001.pdf), with the customer sign-off once signed', params: idParamsSchema },
    handler: async (req, reply) => {
      const { fileName, pdf } = await renderWorkOrderPdf(db, deps.objectStore, requireCtx(req), req.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  });

  // The technician on the job takes it (employees have create_work_orders only); the service checks the crew.
  app.post('/api/work-orders/:id/sign-off', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags: ['work-orders'],
      summary: "The customer's signed acceptance of the finished job (completes it); by its crew or someone who manages jobs",
      params: idParamsSchema,
      body: signOffBodySchema,
      response: { 200: workOrderSchema },
    },
    handler: async (req) => signOffWorkOrder(db, requireCtx(req), req.params.id, req.body),
  });
}
