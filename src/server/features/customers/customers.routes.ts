import {
  createCustomerBodySchema,
  customerIdParamsSchema,
  customerListQuerySchema,
  customerListSchema,
  customerSchema,
  updateCustomerBodySchema,
} from '../../../contracts/customers';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportCustomers } from './export-customers';
import { setNextCursor, setTotalCount } from '../../platform/lists';
import { createCustomer } from './create-customer';
import { getCustomer } from './get-customer';
import { listCustomers } from './list-customers';
import { updateCustomer } from './update-customer';

const read = access.require(['view_customers', 'manage_customers'], { tenant: true });
const write = access.require('manage_customers', { tenant: true });

export function customersRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/customers', {
    config: { access: read },
    schema: {
      tags: ['customers'],
      summary:
        'Customers, by name; q searches name, e-mail, phone, address, company and notes (total in X-Total-Count). A full page in name order without a search gives X-Next-Cursor: pass it as after for the next page, at the same cost however deep',
      querystring: customerListQuerySchema,
      response: { 200: customerListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total, next } = await listCustomers(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      if (next) setNextCursor(reply, next);
      return rows;
    },
  });

  app.get('/api/customers/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags: ['customers'],
      summary: 'The customers list as CSV or XLSX, with its search and sort, streamed (customers-<date>.csv|.xlsx)',
      querystring: customerListQuerySchema.omit({ ...LIST_PAGING, after: true }).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportCustomers(db, requireCtx(req), req.query)),
  });

  app.get('/api/customers/:id', {
    config: { access: read },
    schema: { tags: ['customers'], summary: 'One customer', params: customerIdParamsSchema, response: { 200: customerSchema } },
    handler: async (req) => getCustomer(db, requireCtx(req), req.params.id),
  });

  app.post('/api/customers', {
    config: { access: write },
    schema: { tags: ['customers'], summary: 'Add a customer', body: createCustomerBodySchema, response: { 201: customerSchema } },
    handler: async (req, reply) => {
      const customer = await createCustomer(db, requireCtx(req), req.body);
      return reply.code(201).send(customer);
    },
  });

  app.put('/api/customers/:id', {
    config: { access: write },
    schema: {
      tags: ['customers'],
      summary: 'Change a customer (fields left out stay as they are)',
      params: customerIdParamsSchema,
      body: updateCustomerBodySchema,
      response: { 200: customerSchema },
    },
    handler: async (req) => updateCustomer(db, requireCtx(req), req.params.id, req.body),
  });
}
