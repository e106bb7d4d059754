// The customers list: search across the row's fields, sort, page, total.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Customer } from '../../../contracts/customers';
import type { ListQuery } from '../../../contracts/lists';
import type { Db, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { orderBy, page, runAll } from '../../platform/lists';
import { cachedRead, tenantScopeKey } from '../../platform/read-cache';
import { tenantFilter } from '../../platform/tenancy';
import { jsonRow } from '../../platform/json-row';
import { preparedFor, singleOrganization } from '../../platform/prepared';
import { customerSearch } from './customer-search';

const customerJson = jsonRow<Customer>(customers);

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

export function listCustomers(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: Customer[]; total: number }> {
  return customersPage(db, ctx, query, db);
}

const preparePage = (db: Db) =>
  db
    .select({ row: customerJson.sql })
    .from(customers)
    .where(eq(customers.organizationId, sql.placeholder('orgId')))
    .orderBy(...byName(false))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('customers_page');

async function customersPage(db: DbOrTx, ctx: RequestContext, query: ListQuery, cache: object): Promise<{ rows: Customer[]; total: number }> {
  const where = and(tenantFilter(ctx, customers.organizationId, query.organizationId), customerSearch(query.q));
  const { limit, offset } = page(query);
  const order = query.sort === 'name' || query.sort === '-name' ? byName(query.sort === '-name') : orderBy(query, SORTABLE, byName(false));
  const countRows = async () => Number((await db.select({ total: count() }).from(customers).where(where))[0]?.total ?? 0);
  const orgId = singleOrganization(ctx, query.organizationId);
  // The plain first pages (no search, default order) are the most read: a prepared statement.
  const plain = !query.q && !query.sort && orgId !== null ? preparedFor(db, 'customers_page', preparePage) : null;
  const [rows, total] = await runAll(
    db,
    () =>
      plain
        ? plain.execute({ orgId, limit, offset })
        : db.select({ row: customerJson.sql }).from(customers).where(where).orderBy(...order).limit(limit).offset(offset),
    // The total is the same for every page of one search: cached briefly (platform/read-cache.ts).
    () => cachedRead(cache, `customers:count:${tenantScopeKey(ctx, query.organizationId)}:${query.q?.toLowerCase() ?? ''}`, countRows),
  );
  // The JSON row has exactly the response's fields (toCustomerResponse's shape; customers.test.ts compares them).
  return { rows: rows.map((r) => customerJson.parse(r.row)), total };
}
