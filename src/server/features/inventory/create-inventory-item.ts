// A new item in the caller's organization (a super user's chosen one).
import { eq } from 'drizzle-orm';
import type { CreateInventoryItemBody, InventoryItem } from '../../../contracts/inventory';
import type { Db } from '../../db/client';
import { inventoryItems, organizations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';
import { toInventoryResponse } from './inventory-response';
import { withSkuConflict } from './sku-conflict';

export async function createInventoryItem(db: Db, ctx: RequestContext, body: CreateInventoryItemBody): Promise<InventoryItem> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  if (ctx.isSuperUser) {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
    if (!org) throw invalid('organizationId: Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
  }
  const [row] = await withSkuConflict(() =>
    db
      .insert(inventoryItems)
      .values({
        organizationId,
        name: body.name,
        description: body.description ?? null,
        sku: body.sku ?? null,
        category: body.category ?? null,
        quantity: body.quantity ?? 0,
        minimumStock: body.minimumStock ?? 0,
        unitCost: body.unitCost ?? null,
        unitPrice: body.unitPrice ?? null,
        supplier: body.supplier ?? null,
        location: body.location ?? null,
      })
      .returning(),
  );
  return toInventoryResponse(row);
}
