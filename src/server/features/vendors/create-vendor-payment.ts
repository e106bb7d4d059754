// Records a payment to a vendor of the caller's organization; the payment takes the vendor's
// organization and a copy of its name.
import type { CreateVendorPaymentBody, VendorPayment } from '../../../contracts/vendors';
import type { Db } from '../../db/client';
import { vendorPayments } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { referencedVendor } from './find-vendor';
import { todayUtc } from './payment-date';
import { toVendorPaymentResponse } from './vendor-response';

export async function createVendorPayment(db: Db, ctx: RequestContext, body: CreateVendorPaymentBody): Promise<VendorPayment> {
  const vendor = await referencedVendor(db, ctx, body.vendorId);
  const [row] = await db
    .insert(vendorPayments)
    .values({
      organizationId: vendor.organizationId,
      vendorId: vendor.id,
      vendorName: vendor.name,
      amount: body.amount,
      paymentDate: body.paymentDate ?? todayUtc(),
      method: body.method ?? null,
      reference: body.reference ?? null,
      description: body.description ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  return toVendorPaymentResponse(row);
}
