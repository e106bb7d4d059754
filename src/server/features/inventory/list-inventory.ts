// The inventory list: search on name, SKU and description, sort, page, total.
import { and, asc, count, desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { InventoryItem } from '../../../contracts/inventory';
import type { ListQuery } from '../../../contracts/lists';
import type { DbOrTx } from '../../db/client';
import { inventoryItems } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toInventoryResponse } from './inventory-response';

const SORTABLE = {
  id: inventoryItems.id,
  sku: inventoryItems.sku,
  category: inventoryItems.category,
  quantity: inventoryItems.quantity,
  minimumStock: inventoryItems.minimumStock,
  unitCost: inventoryItems.unitCost,
  unitPrice: inventoryItems.unitPrice,
  supplier: inventoryItems.supplier,
  location: inventoryItems.location,
  createdAt: inventoryItems.createdAt,
  updatedAt: inventoryItems.updatedAt,
};

/** Names in alphabetical order whatever their case, then stable by id. */
function byName(descending: boolean): SQL[] {
  const dir = descending ? desc : asc;
  return [dir(sql`lower(${inventoryItems.name})`), dir(inventoryItems.name), dir(inventoryItems.id)];
}

function inventorySearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(inventoryItems.name, pattern), ilike(inventoryItems.sku, pattern), ilike(inventoryItems.description, pattern));
}

export async function listInventory(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: InventoryItem[]; total: number }> {
  const where = and(scopeFilter(tenantScope(ctx, query.organizationId), inventoryItems.organizationId), inventorySearch(query.q));
  const { limit, offset } = page(query);
  const order = query.sort === 'name' || query.sort === '-name' ? byName(query.sort === '-name') : orderBy(query, SORTABLE, byName(false));
  const [rows, total] = await runAll(
    db,
    () => db.select().from(inventoryItems).where(where).orderBy(...order).limit(limit).offset(offset),
    async () => Number((await db.select({ total: count() }).from(inventoryItems).where(where))[0]?.total ?? 0),
  );
  return { rows: rows.map(toInventoryResponse), total };
}
