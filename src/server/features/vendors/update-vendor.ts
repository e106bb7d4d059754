// Changes the fields sent; a field left out stays as it is. The organization never changes.
import { and, eq } from 'drizzle-orm';
import type { UpdateVendorBody, Vendor } from '../../../contracts/vendors';
import type { Db } from '../../db/client';
import { vendorPayments, vendors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { toVendorResponse } from './vendor-response';

export async function updateVendor(db: Db, ctx: RequestContext, id: number, body: UpdateVendorBody): Promise<Vendor> {
  // Accepted because the form sends the same fields as on create; moving a vendor would take its
  // payments into another organization's books, so it is ignored.
  const { organizationId: _ignored, ...fields } = body;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof vendors.$inferInsert>;
  const scope = tenantWhere(tenantScope(ctx), vendors, eq(vendors.id, id));
  return db.transaction(async (tx) => {
    const [row] =
      Object.keys(changes).length > 0
        ? await tx.update(vendors).set(changes).where(scope).returning()
        : await tx.select().from(vendors).where(scope).limit(1);
    if (!row) throw notFound('Vendor not found');
    // Payments carry a copy of the vendor's name for the list; a corrected name shows there too.
    if (changes.name !== undefined) {
      await tx
        .update(vendorPayments)
        .set({ vendorName: row.name })
        .where(and(eq(vendorPayments.organizationId, row.organizationId), eq(vendorPayments.vendorId, row.id)));
    }
    return toVendorResponse(row);
  });
}
