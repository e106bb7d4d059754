// One item of the caller's organization; another organization's id is a miss.
import { eq } from 'drizzle-orm';
import { INVENTORY_MESSAGES, type InventoryItem } from '../../../contracts/inventory';
import type { DbOrTx } from '../../db/client';
import { inventoryItems } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { toInventoryResponse } from './inventory-response';

export async function getInventoryItem(db: DbOrTx, ctx: RequestContext, id: number): Promise<InventoryItem> {
  const [row] = await db
    .select()
    .from(inventoryItems)
    .where(tenantWhere(tenantScope(ctx), inventoryItems, eq(inventoryItems.id, id)))
    .limit(1);
  if (!row) throw notFound(INVENTORY_MESSAGES.notFound);
  return toInventoryResponse(row);
}
