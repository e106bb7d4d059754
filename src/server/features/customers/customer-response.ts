// The customer row as the API sends it.
import type { Customer } from '../../../contracts/customers';
import type { customers } from '../../db/schema/index';

export function toCustomerResponse(row: typeof customers.$inferSelect): Customer {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    companyName: row.companyName,
    notes: row.notes,
    creditLimit: row.creditLimit,
    paymentTerms: row.paymentTerms,
    preferredPaymentMethod: row.preferredPaymentMethod,
    stripeCustomerId: row.stripeCustomerId,
    portalAccessEnabled: row.portalAccessEnabled,
    autoPayEnabled: row.autoPayEnabled,
    taxExempt: row.taxExempt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
