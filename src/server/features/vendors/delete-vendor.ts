// Removes a vendor; its payments go with it (vendor_payments.vendor_id cascades).
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { vendorPayments, vendors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';

export async function deleteVendor(db: Db, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: vendors.id, name: vendors.name, organizationId: vendors.organizationId })
      .from(vendors)
      .where(tenantWhere(tenantScope(ctx), vendors, eq(vendors.id, id)))
      .for('update')
      .limit(1);
    if (!row) throw notFound('Vendor not found');
    const [payments] = await tx
      .select({ n: count() })
      .from(vendorPayments)
      .where(and(eq(vendorPayments.organizationId, row.organizationId), eq(vendorPayments.vendorId, row.id)));
    await tx.delete(vendors).where(eq(vendors.id, row.id));
    // Payment records disappear with the vendor: the audit keeps who removed how many.
    await writeAudit(tx, ctx, {
      action: 'vendor.delete',
      entityType: 'vendor',
      entityId: row.id,
      organizationId: row.organizationId,
      details: { name: row.name, paymentsDeleted: Number(payments?.n ?? 0) },
    });
  });
}
