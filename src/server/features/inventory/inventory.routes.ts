import {
  createInventoryItemBodySchema,
  inventoryIdParamsSchema,
  inventoryItemSchema,
  inventoryListSchema,
  inventorySummaryQuerySchema,
  inventorySummarySchema,
  updateInventoryItemBodySchema,
} from '../../../contracts/inventory';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { listQuerySchema } from '../../../contracts/lists';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportInventory } from './export-inventory';
import { setTotalCount } from '../../platform/lists';
import { createInventoryItem } from './create-inventory-item';
import { getInventoryItem } from './find-inventory-item';
import { listInventory } from './list-inventory';
import { summarizeInventory } from './summarize-inventory';
import { updateInventoryItem } from './update-inventory-item';

const read = access.require(['view_inventory', 'manage_inventory'], { tenant: true });
const write = access.require('manage_inventory', { tenant: true });

export function inventoryRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/inventory', {
    config: { access: read },
    schema: {
      tags: ['inventory'],
      summary: 'Inventory items, by name; q searches name, SKU and description (total in X-Total-Count)',
      querystring: listQuerySchema,
      response: { 200: inventoryListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listInventory(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/inventory/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags: ['inventory'],
      summary: 'The inventory list as CSV or XLSX, with its search and sort, streamed (inventory-<date>.csv|.xlsx)',
      querystring: listQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportInventory(db, requireCtx(req), req.query)),
  });

  app.get('/api/inventory/summary', {
    config: { access: read },
    schema: {
      tags: ['inventory'],
      summary: 'In Stock, Low Stock and Out of Stock counts over every item',
      querystring: inventorySummaryQuerySchema,
      response: { 200: inventorySummarySchema },
    },
    handler: async (req) => summarizeInventory(db, requireCtx(req), req.query.organizationId),
  });

  app.get('/api/inventory/:id', {
    config: { access: read },
    schema: { tags: ['inventory'], summary: 'One inventory item', params: inventoryIdParamsSchema, response: { 200: inventoryItemSchema } },
    handler: async (req) => getInventoryItem(db, requireCtx(req), req.params.id),
  });

  app.post('/api/inventory', {
    config: { access: write },
    schema: { tags: ['inventory'], summary: 'Add an inventory item', body: createInventoryItemBodySchema, response: { 201: inventoryItemSchema } },
    handler: async (req, reply) => reply.code(201).send(await createInventoryItem(db, requireCtx(req), req.body)),
  });

  app.put('/api/inventory/:id', {
    config: { access: write },
    schema: {
      tags: ['inventory'],
      summary: 'Change an inventory item: the full item or only its quantity (fields left out stay as they are)',
      params: inventoryIdParamsSchema,
      body: updateInventoryItemBodySchema,
      response: { 200: inventoryItemSchema },
    },
    handler: async (req) => updateInventoryItem(db, requireCtx(req), req.params.id, req.body),
  });
}
