// Looking up a vendor of the caller's organization; another organization's id is a miss.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vendors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { scopeFilter, tenantScope, tenantWhere } from '../../platform/tenancy';

export async function findVendorRow(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(vendors)
    .where(tenantWhere(tenantScope(ctx), vendors, eq(vendors.id, id)))
    .limit(1);
  if (!row) throw notFound('Vendor not found');
  return row;
}

/**
 * The vendor a payment refers to: one the caller may see and, when given, of that organization (a
 * payment never moves to another organization's vendor). A miss is a 400 on the vendorId field.
 */
export async function referencedVendor(db: DbOrTx, ctx: RequestContext, vendorId: number, organizationId?: number) {
  const [row] = await db
    .select({ id: vendors.id, name: vendors.name, organizationId: vendors.organizationId })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), scopeFilter(tenantScope(ctx), vendors.organizationId), organizationId === undefined ? undefined : eq(vendors.organizationId, organizationId)))
    .limit(1);
  if (!row) throw invalid('vendorId: Vendor not found', [{ path: 'vendorId', message: 'Vendor not found' }]);
  return row;
}
