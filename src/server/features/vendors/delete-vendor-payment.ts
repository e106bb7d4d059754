// Removes one vendor payment of the caller's organization.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vendorPayments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';

export async function deleteVendorPayment(db: Db, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(vendorPayments)
      .where(tenantWhere(tenantScope(ctx), vendorPayments, eq(vendorPayments.id, id)))
      .returning();
    if (!row) throw notFound('Vendor payment not found');
    // A deleted money record leaves a trace of who removed what.
    await writeAudit(tx, ctx, {
      action: 'vendor_payment.delete',
      entityType: 'vendor_payment',
      entityId: row.id,
      organizationId: row.organizationId,
      details: { vendorId: row.vendorId, vendorName: row.vendorName, amount: row.amount, paymentDate: row.paymentDate.toISOString() },
    });
  });
}
