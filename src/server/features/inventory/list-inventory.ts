// The inventory list: search on name, SKU and description, sort, page, total.
import { and, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { InventoryItem } from '../../../contracts/inventory';
import type { ListQuery } from '../../../contracts/lists';
import type { DbOrTx } from '../../db/client';
import { inventoryItems } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { ascending, descending, orderOf, sortKeys, tableReader, type BatchReader, type SortKey } from '../../platform/list-order';
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
function byName(isDescending: boolean): SortKey[] {
  const dir = isDescending ? descending : ascending;
  return [dir(sql`lower(${inventoryItems.name})`, true), dir(inventoryItems.name), dir(inventoryItems.id)];
}

/** The list's order: by name unless `sort` names another column (then by name after it). */
const inventoryOrder = (query: ListQuery) => (query.sort === 'name' || query.sort === '-name' ? byName(query.sort === '-name') : sortKeys(query, SORTABLE, byName(false)));

function inventorySearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(inventoryItems.name, pattern), ilike(inventoryItems.sku, pattern), ilike(inventoryItems.description, pattern));
}

const inventoryWhere = (ctx: RequestContext, query: ListQuery) =>
  and(scopeFilter(tenantScope(ctx, query.organizationId), inventoryItems.organizationId), inventorySearch(query.q));

/** The list's rows batch by batch in its order, with its search: its export (docs/rules/data-exchange.md#list-exports). */
export function inventoryBatches(db: DbOrTx, ctx: RequestContext, query: ListQuery): BatchReader<InventoryItem> {
  return tableReader(db, inventoryItems, inventoryWhere(ctx, query), inventoryOrder(query), (rows) => rows.map(toInventoryResponse));
}

export async function listInventory(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: InventoryItem[]; total: number }> {
  const where = inventoryWhere(ctx, query);
  const { limit, offset } = page(query);
  const order = orderOf(inventoryOrder(query));
  const [rows, total] = await runAll(
    db,
    () => db.select().from(inventoryItems).where(where).orderBy(...order).limit(limit).offset(offset),
    async () => Number((await db.select({ total: count() }).from(inventoryItems).where(where))[0]?.total ?? 0),
  );
  return { rows: rows.map(toInventoryResponse), total };
}
