// The customers list: search across the row's fields, sort, page, total.
import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { Customer } from '../../../contracts/customers';
import type { ListQuery } from '../../../contracts/lists';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { orderBy, page } from '../../platform/lists';
import { tenantFilter } from '../../platform/tenancy';
import { customerSearch } from './customer-search';
import { toCustomerResponse } from './customer-response';

const SORTABLE = {
  id: customers.id,
  email: customers.email,
  phone: customers.phone,
  city: customers.city,
  state: customers.state,
  zip: customers.zip,
  companyName: customers.companyName,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};

/** Names in alphabetical order whatever their case ("alice" before "Bob"), then stable by id. */
function byName(descending: boolean): SQL[] {
  const dir = descending ? desc : asc;
  return [dir(sql`lower(${customers.name})`), dir(customers.name), dir(customers.id)];
}

export async function listCustomers(db: Db, ctx: RequestContext, query: ListQuery): Promise<{ rows: Customer[]; total: number }> {
  const where = and(tenantFilter(ctx, customers.organizationId, query.organizationId), customerSearch(query.q));
  const { limit, offset } = page(query);
  const order = query.sort === 'name' || query.sort === '-name' ? byName(query.sort === '-name') : orderBy(query, SORTABLE, byName(false));
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(customers).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { rows: rows.map(toCustomerResponse), total: Number(total) };
}
