// Inventory items from a spreadsheet: the item form's rules (docs/rules/inventory-and-time.md#inventory-items), matched
// by SKU (docs/rules/data-exchange.md#import-duplicates).
import { sql } from 'drizzle-orm';
import { createInventoryItemBodySchema, INVENTORY_MESSAGES, type CreateInventoryItemBody } from '../../../contracts/inventory';
import { inventoryItems } from '../../db/schema/index';
import { rowsOf } from '../../db/client';
import { tenantWhere } from '../../platform/tenancy';
import { plainNumber } from './cell-values';
import { isOneOf, type Existing, type KindSpec, type WriteColumn } from './import-spec';

const COLUMNS: readonly WriteColumn<CreateInventoryItemBody>[] = [
  ['name', inventoryItems.name, 'text'],
  ['sku', inventoryItems.sku, 'text'],
  ['description', inventoryItems.description, 'text'],
  ['category', inventoryItems.category, 'text'],
  ['quantity', inventoryItems.quantity, 'integer'],
  ['minimumStock', inventoryItems.minimumStock, 'integer'],
  ['unitCost', inventoryItems.unitCost, 'numeric'],
  ['unitPrice', inventoryItems.unitPrice, 'numeric'],
  ['supplier', inventoryItems.supplier, 'text'],
  ['location', inventoryItems.location, 'text'],
];

const counted = (text: string) => (text ? plainNumber(text) : undefined);

export const inventoryImport: KindSpec<CreateInventoryItemBody> = {
  kind: 'inventory_items',
  schema: createInventoryItemBodySchema,
  formInput: (cell) => ({
    name: cell('name'),
    description: cell('description'),
    sku: cell('sku'),
    category: cell('category'),
    // Blank: the form's default (0).
    quantity: counted(cell('quantity')),
    minimumStock: counted(cell('minimumStock')),
    unitCost: plainNumber(cell('unitCost')),
    unitPrice: plainNumber(cell('unitPrice')),
    supplier: cell('supplier'),
    location: cell('location'),
  }),
  keyOf: (i) => (i.sku ? { by: 'sku', value: i.sku.toLowerCase() } : null),
  findExisting: async (db, scope, records) => {
    const skus = [...new Set(records.flatMap((i) => (i.sku ? [i.sku.toLowerCase()] : [])))];
    if (skus.length === 0) return records.map(() => null);
    const found = await rowsOf<{ id: number; sku: string }>(
      db,
      sql`select ${inventoryItems.id} as id, ${inventoryItems.sku} as sku from ${inventoryItems}
        where ${tenantWhere(scope, inventoryItems, isOneOf(sql`lower(${inventoryItems.sku})`, skus))} order by ${inventoryItems.id}`,
    );
    const exact = new Map(found.map((r) => [r.sku, r.id]));
    const caseAside = new Map<string, number>();
    for (const r of found) if (!caseAside.has(r.sku.toLowerCase())) caseAside.set(r.sku.toLowerCase(), r.id);
    return records.map((i): Existing | null => {
      if (!i.sku) return null;
      // The very same SKU first; the database refuses a second item with it (inventory_items_org_sku_key).
      const same = exact.get(i.sku);
      if (same !== undefined) return { id: same, blocksCreate: INVENTORY_MESSAGES.skuTaken };
      const id = caseAside.get(i.sku.toLowerCase());
      return id === undefined ? null : { id };
    });
  },
  table: inventoryItems,
  columns: COLUMNS,
  // The item form's defaults: none in stock, no minimum.
  withDefaults: (i) => ({ ...i, quantity: i.quantity ?? 0, minimumStock: i.minimumStock ?? 0 }),
  updatedAt: inventoryItems.updatedAt,
};
