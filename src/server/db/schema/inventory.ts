// Inventory items (stock).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money } from './columns';
import { organizations } from './identity';

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    sku: text('sku'),
    category: text('category'),
    quantity: integer('quantity').notNull().default(0),
    minimumStock: integer('minimum_stock').notNull().default(0),
    unitCost: money('unit_cost'),
    unitPrice: money('unit_price'),
    supplier: text('supplier'),
    location: text('location'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Items without a SKU (null) do not collide.
    uniqueIndex('inventory_items_org_sku_key').on(t.organizationId, t.sku),
    index('inventory_items_org_name_idx').on(t.organizationId, t.name),
    // The dashboard's low-stock list, in its order: only the items at or under their minimum are in it.
    index('inventory_items_org_low_stock_idx')
      .on(t.organizationId, t.quantity, t.name, t.id)
      .where(sql`${t.quantity} <= ${t.minimumStock}`),
  ],
);
