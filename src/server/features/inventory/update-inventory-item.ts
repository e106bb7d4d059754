// Changes the fields sent (the whole item, or only the quantity); the organization never changes.
import { eq } from 'drizzle-orm';
import { INVENTORY_MESSAGES, type InventoryItem, type UpdateInventoryItemBody } from '../../../contracts/inventory';
import type { Db } from '../../db/client';
import { inventoryItems } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { toInventoryResponse } from './inventory-response';
import { withSkuConflict } from './sku-conflict';

export async function updateInventoryItem(db: Db, ctx: RequestContext, id: number, body: UpdateInventoryItemBody): Promise<InventoryItem> {
  // The form sends organizationId as on create; moving stock between organizations is not a thing.
  const { organizationId: _ignored, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof inventoryItems.$inferInsert>;
  const scope = tenantWhere(tenantScope(ctx), inventoryItems, eq(inventoryItems.id, id));
  const [row] =
    Object.keys(changes).length > 0
      ? await withSkuConflict(() => db.update(inventoryItems).set(changes).where(scope).returning())
      : await db.select().from(inventoryItems).where(scope).limit(1);
  if (!row) throw notFound(INVENTORY_MESSAGES.notFound);
  return toInventoryResponse(row);
}
