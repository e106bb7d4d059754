// The Inventory screen's export (docs/rules/data-exchange.md#list-exports): the list's items with its search and sort,
// under the screen's column labels.
import { STOCK_STATUS_LABELS, type InventoryItem } from '../../../contracts/inventory';
import type { ListQuery } from '../../../contracts/lists';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { inventoryBatches } from './list-inventory';

export async function exportInventory(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<ListExport<InventoryItem>> {
  return {
    fileName: 'inventory',
    title: (labels) => labels.inventory,
    columns: () => [
      { label: 'Name', value: (i) => i.name },
      { label: 'Description', value: (i) => i.description },
      { label: 'SKU', value: (i) => i.sku },
      { label: 'Category', value: (i) => i.category },
      { label: 'Quantity', kind: 'integer', value: (i) => i.quantity },
      { label: 'Minimum Stock', kind: 'integer', value: (i) => i.minimumStock },
      { label: 'Unit Cost', kind: 'money', value: (i) => i.unitCost },
      { label: 'Unit Price', kind: 'money', value: (i) => i.unitPrice },
      { label: 'Supplier', value: (i) => i.supplier },
      { label: 'Location', value: (i) => i.location },
      { label: 'Status', value: (i) => STOCK_STATUS_LABELS[i.stockStatus] },
    ],
    read: inventoryBatches(db, ctx, query),
    organizationOf: (i) => i.organizationId,
  };
}
