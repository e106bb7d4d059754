// Changes the fields sent; a field left out stays as it is. The organization never changes.
import { and, eq } from 'drizzle-orm';
import type { Customer, UpdateCustomerBody } from '../../../contracts/customers';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantFilter } from '../../platform/tenancy';
import { toCustomerResponse } from './customer-response';

export async function updateCustomer(db: Db, ctx: RequestContext, id: number, body: UpdateCustomerBody): Promise<Customer> {
  // organizationId is accepted (the form sends the same fields as on create) but moving a customer
  // between organizations would strand its jobs and invoices, so it is ignored.
  const { organizationId: _ignored, ...fields } = body;
  // Drop the fields that were left out; null clears a field.
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<typeof customers.$inferInsert>;
  const scope = and(eq(customers.id, id), tenantFilter(ctx, customers.organizationId));
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(customers).set(changes).where(scope).returning()
      : await db.select().from(customers).where(scope).limit(1);
  if (!row) throw notFound('Customer not found');
  return toCustomerResponse(row);
}
