// Vendor and vendor payment rows as the API sends them.
import type { Vendor, VendorPayment } from '../../../contracts/vendors';
import type { vendorPayments, vendors } from '../../db/schema/index';

export function toVendorResponse(row: typeof vendors.$inferSelect): Vendor {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    companyName: row.companyName,
    taxId: row.taxId,
    paymentTerms: row.paymentTerms,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toVendorPaymentResponse(row: typeof vendorPayments.$inferSelect): VendorPayment {
  return {
    id: row.id,
    organizationId: row.organizationId,
    vendorId: row.vendorId,
    vendorName: row.vendorName,
    amount: row.amount,
    paymentDate: row.paymentDate ? row.paymentDate.toISOString() : null,
    method: row.method,
    reference: row.reference,
    description: row.description,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
