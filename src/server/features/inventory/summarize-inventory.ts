// The three count cards over every item of the organization, with the stock rules of contracts/inventory.ts.
import { sql } from 'drizzle-orm';
import type { InventorySummary } from '../../../contracts/inventory';
import type { DbOrTx } from '../../db/client';
import { inventoryItems } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { scopeFilter, tenantScope } from '../../platform/tenancy';

export async function summarizeInventory(db: DbOrTx, ctx: RequestContext, organizationId?: number): Promise<InventorySummary> {
  const { quantity, minimumStock } = inventoryItems;
  const [r] = await db
    .select({
      total: sql<number>`count(*)::int`,
      outOfStock: sql<number>`count(*) filter (where ${quantity} <= 0)::int`,
      lowStock: sql<number>`count(*) filter (where ${quantity} > 0 and ${quantity} <= ${minimumStock})::int`,
      inStock: sql<number>`count(*) filter (where ${quantity} > 0 and ${quantity} > ${minimumStock})::int`,
    })
    .from(inventoryItems)
    .where(scopeFilter(tenantScope(ctx, organizationId), inventoryItems.organizationId));
  return { total: Number(r?.total ?? 0), inStock: Number(r?.inStock ?? 0), lowStock: Number(r?.lowStock ?? 0), outOfStock: Number(r?.outOfStock ?? 0) };
}
