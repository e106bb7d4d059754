// Changes the fields sent; a field left out stays as it is. The organization never changes. Turning portal access
// off revokes the customer's portal links in the same transaction.
import { eq } from 'drizzle-orm';
import type { Customer, UpdateCustomerBody } from '../../../contracts/customers';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { revokePortalLinks } from '../customer-portal/revoke-portal-links';
import { toCustomerResponse } from './customer-response';

export async function updateCustomer(db: Db, ctx: RequestContext, id: number, body: UpdateCustomerBody): Promise<Customer> {
  // organizationId is accepted (the form sends the same fields as on create) but moving a customer
  // between organizations would strand its jobs and invoices, so it is ignored.
  const { organizationId: _ignored, ...fields } = body;
  // Drop the fields that were left out; null clears a field.
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof customers.$inferInsert>;
  const scope = tenantWhere(tenantScope(ctx), customers, eq(customers.id, id));
  if (Object.keys(changes).length === 0) {
    const [row] = await db.select().from(customers).where(scope).limit(1);
    if (!row) throw notFound('Customer not found');
    return toCustomerResponse(row);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.update(customers).set(changes).where(scope).returning();
    if (!row) throw notFound('Customer not found');
    // Portal access turned off revokes the customer's portal links for good: turning it on again does not revive
    // them (docs/customer-portal.md, Portal links).
    if (changes.portalAccessEnabled === false) await revokePortalLinks(tx, { organizationId: row.organizationId, customerId: row.id });
    return toCustomerResponse(row);
  });
}
