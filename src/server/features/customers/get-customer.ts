// One customer of the caller's organization; another organization's id is a miss.
import { eq } from 'drizzle-orm';
import type { Customer } from '../../../contracts/customers';
import type { DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { toCustomerResponse } from './customer-response';

export async function findCustomerRow(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(tenantWhere(tenantScope(ctx), customers, eq(customers.id, id)))
    .limit(1);
  if (!row) throw notFound('Customer not found');
  return row;
}

export async function getCustomer(db: DbOrTx, ctx: RequestContext, id: number): Promise<Customer> {
  return toCustomerResponse(await findCustomerRow(db, ctx, id));
}
