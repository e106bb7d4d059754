// Changes the fields sent. A new vendorId must be a vendor of the payment's own organization; the
// vendor's current name is copied on every save.
import { eq } from 'drizzle-orm';
import type { UpdateVendorPaymentBody, VendorPayment } from '../../../contracts/vendors';
import type { Db } from '../../db/client';
import { vendorPayments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { referencedVendor } from './find-vendor';
import { todayUtc } from './payment-date';
import { toVendorPaymentResponse } from './vendor-response';

export async function updateVendorPayment(db: Db, ctx: RequestContext, id: number, body: UpdateVendorPaymentBody): Promise<VendorPayment> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(vendorPayments)
      .where(tenantWhere(tenantScope(ctx), vendorPayments, eq(vendorPayments.id, id)))
      .for('update')
      .limit(1);
    if (!existing) throw notFound('Vendor payment not found');
    const vendor = await referencedVendor(tx, ctx, body.vendorId ?? existing.vendorId, existing.organizationId);
    const changes: Partial<typeof vendorPayments.$inferInsert> = { vendorId: vendor.id, vendorName: vendor.name };
    if (body.amount !== undefined) changes.amount = body.amount;
    // A cleared date falls back to today, as on the form.
    if (body.paymentDate !== undefined) changes.paymentDate = body.paymentDate ?? todayUtc();
    if (body.method !== undefined) changes.method = body.method;
    if (body.reference !== undefined) changes.reference = body.reference;
    if (body.description !== undefined) changes.description = body.description;
    if (body.notes !== undefined) changes.notes = body.notes;
    const [row] = await tx.update(vendorPayments).set(changes).where(eq(vendorPayments.id, existing.id)).returning();
    return toVendorPaymentResponse(row);
  });
}
