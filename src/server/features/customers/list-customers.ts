// The customers list: search across the row's fields, sort, page, total.
import { and, asc, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Customer, CustomerListQuery } from '../../../contracts/customers';
import type { ListQuery } from '../../../contracts/lists';
import { fieldInvalid } from '../../platform/errors';
import { decodeCursor, encodeCursor } from '../../platform/list-cursor';
import type { Db, DbOrTx } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { page, runAll } from '../../platform/lists';
import { ascending, descending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader, type SortKey } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { jsonRow } from '../../platform/json-row';
import { preparedFor, singleOrganization } from '../../platform/prepared';
import { customerSearch } from './customer-search';
import { readOrganizationFigures } from '../figures/organization-figures';

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
function byNameKeys(isDescending: boolean): SortKey[] {
  const dir = isDescending ? descending : ascending;
  return [dir(sql`lower(${customers.name})`, true), dir(customers.name), dir(customers.id)];
}

function byName(isDescending: boolean): SQL[] {
  return orderOf(byNameKeys(isDescending));
}

/** The list's order: by name unless `sort` names another column (then by name after it). */
function customerOrder(query: Pick<ListQuery, 'sort'>): SortKey[] {
  return !query.sort || query.sort === 'name' || query.sort === '-name' ? byNameKeys(query.sort === '-name') : sortKeys(query, SORTABLE, byNameKeys(false));
}

/** The list's rows batch by batch in its order, with its search: its export (docs/rules/data-exchange.md#list-exports). */
export async function customerBatches(db: DbOrTx, ctx: RequestContext, query: CustomerListQuery): Promise<BatchReader<Customer>> {
  const where = and(scopeFilter(tenantScope(ctx, query.organizationId), customers.organizationId), customerSearch(query.q));
  return keysetReader(
    customerOrder(query),
    (b: BatchQuery) => db.select({ row: customerJson.sql, listKey: b.key }).from(customers).where(and(where, b.after)).orderBy(...b.order).limit(b.limit),
    (rows) => rows.map((r) => customerJson.parse(r.row)),
  );
}

export interface CustomersPage {
  rows: Customer[];
  total: number;
  /** Where the next page starts (X-Next-Cursor): given for a full page in name order without a search. */
  next?: string;
}

export async function listCustomers(db: DbOrTx, ctx: RequestContext, query: CustomerListQuery): Promise<CustomersPage> {
  if (query.after === undefined) return customersPage(db, ctx, query);
  return customersAfter(db, ctx, query, query.after);
}

const CURSOR_SHAPE = ['string', 'string', 'integer'] as const;
const refuseAfter = (message: string) => fieldInvalid('after', message);

/**
 * The page after a cursor: the name index read from the cursor's key on, so the 2,000th page costs what the first does
 * (docs/rules/lists.md#cursors). Only the plain list in name order walks this way; the total is the kept count.
 */
async function customersAfter(db: DbOrTx, ctx: RequestContext, query: CustomerListQuery, after: string): Promise<CustomersPage> {
  if (query.q) throw refuseAfter('A search pages by offset, not by cursor');
  if (query.offset !== undefined) throw refuseAfter('Give after or offset, not both');
  if (query.sort && query.sort !== 'name' && query.sort !== '-name') throw refuseAfter('Only the list in name order pages by cursor');
  const [lname, name, id] = decodeCursor(after, CURSOR_SHAPE);
  const descending = query.sort === '-name';
  const key = sql`(lower(${customers.name}), ${customers.name}, ${customers.id})`;
  const past = descending ? sql`${key} < (${lname}::text, ${name}::text, ${id}::int)` : sql`${key} > (${lname}::text, ${name}::text, ${id}::int)`;
  const scope = tenantScope(ctx, query.organizationId);
  const { limit } = page(query);
  const [rows, figures] = await runAll(
    db,
    () => namePage(db, and(scopeFilter(scope, customers.organizationId), past), descending, limit, 0, false),
    () => readOrganizationFigures(db, scope),
  );
  return pageOf(rows, figures.customers, limit);
}

/** The page's rows, its total, and the cursor after its last row when it is full. */
function pageOf(rows: PageRow[], total: number, limit: number): CustomersPage {
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => customerJson.parse(r.row)),
    total,
    next: last && rows.length === limit ? encodeCursor([last.lname, last.name, last.id]) : undefined,
  };
}

/**
 * A page in name order, read as ids first: the ids come from an index-only scan of customers_org_lower_name_idx
 * (organization, lower(name), name, id), so rows skipped by OFFSET cost an index entry each, and only the page's
 * rows are read from the table and built as JSON (docs/decisions/022-speed-without-a-cache.md). A search counts its
 * matches in the same pass (`total`, a window count before the page is cut), so its trigram matches are found and
 * checked once, not once for the page and again for the total.
 */
function namePage(db: DbOrTx, where: SQL | undefined, descending: boolean, limit: number | Placeholder, offset: number | Placeholder, search: boolean) {
  const dir = descending ? desc : asc;
  const keys = db
    .select({
      id: customers.id,
      lname: sql<string>`lower(${customers.name})`.as('lname'),
      name: customers.name,
      total: (search ? sql<number>`count(*) over ()` : sql<number>`null::bigint`).as('total'),
    })
    .from(customers)
    .where(where);
  // With a search, the matches are found first (the trigram index) and then ordered: walking the name index and
  // filtering finds few matches per entry when a term names one stretch of the alphabet ("Maria ..."). OFFSET 0
  // keeps the planner from merging the subquery back into that ordered walk.
  const matched = keys.offset(0).as('matched');
  const ordered = search
    ? db.select().from(matched).orderBy(dir(matched.lname), dir(matched.name), dir(matched.id))
    : keys.orderBy(...byName(descending));
  const p = ordered.limit(limit).offset(offset).as('p');
  return db
    .select({ row: customerJson.sql, total: p.total, lname: p.lname, name: p.name, id: p.id })
    .from(p)
    .innerJoin(customers, eq(customers.id, p.id))
    .orderBy(dir(p.lname), dir(p.name), dir(p.id));
}

const preparePage = (db: Db) => namePage(db, eq(customers.organizationId, sql.placeholder('orgId')), false, sql.placeholder('limit'), sql.placeholder('offset'), false).prepare('customers_page');

type PageRow = { row: string; lname: string; name: string; id: number };

async function customersPage(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<CustomersPage> {
  const where = and(scopeFilter(tenantScope(ctx, query.organizationId), customers.organizationId), customerSearch(query.q));
  const { limit, offset } = page(query);
  const byNameOrder = !query.sort || query.sort === 'name' || query.sort === '-name';
  const order = orderOf(customerOrder(query));
  const scope = tenantScope(ctx, query.organizationId);
  // Without a search the total is the kept count (docs/decisions/023-organization-figures.md), not a count of the rows.
  const countRows = async () =>
    query.q
      ? Number((await db.select({ total: count() }).from(customers).where(where))[0]?.total ?? 0)
      : (await readOrganizationFigures(db, scope)).customers;
  const orgId = singleOrganization(ctx, query.organizationId);
  // The plain first pages (no search, default order) are the most read: a prepared statement.
  const plain = !query.q && !query.sort && orgId !== null ? preparedFor(db, 'customers_page', preparePage) : null;
  // The JSON row has exactly the response's fields (toCustomerResponse's shape; customers.test.ts compares them).
  const parsed = (rows: { row: string }[]) => rows.map((r) => customerJson.parse(r.row));
  if (query.q && byNameOrder) {
    const rows = await namePage(db, where, query.sort === '-name', limit, offset, true);
    // A page past the last match carries no count: only then is it counted apart.
    const total = rows.length > 0 ? Number(rows[0]!.total) : offset > 0 ? await countRows() : 0;
    return { rows: parsed(rows), total };
  }
  if (byNameOrder) {
    const [rows, total] = await runAll(db, () => (plain ? plain.execute({ orgId, limit, offset }) : namePage(db, where, query.sort === '-name', limit, offset, false)), countRows);
    return pageOf(rows, total, limit);
  }
  const [rows, total] = await runAll(db, () => db.select({ row: customerJson.sql }).from(customers).where(where).orderBy(...order).limit(limit).offset(offset), countRows);
  return { rows: parsed(rows), total };
}
