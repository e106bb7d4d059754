// The inventory row as the API sends it, with its stock status.
import { stockStatus, type InventoryItem } from '../../../contracts/inventory';
import type { inventoryItems } from '../../db/schema/index';

export function toInventoryResponse(row: typeof inventoryItems.$inferSelect): InventoryItem {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    sku: row.sku,
    category: row.category,
    quantity: row.quantity,
    minimumStock: row.minimumStock,
    unitCost: row.unitCost,
    unitPrice: row.unitPrice,
    supplier: row.supplier,
    location: row.location,
    stockStatus: stockStatus(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
