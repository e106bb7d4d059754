// Free-text search conditions built to use the trigram indexes of drizzle/0002_search_indexes.sql.
// The expressions must stay identical to the indexed ones, or the database falls back to scanning.
import { and, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { customers, estimates, invoices, workOrders } from '../../db/schema/index';
import { likePattern } from '../../platform/lists';
import type { RequestContext } from '../../platform/context';
import { scopeFilter, tenantScope } from '../../platform/tenancy';

/** Every text field of a customer in one string (index customers_search_trgm). */
const customerSearchText = sql`(${customers.name} || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.companyName}, '') || ' ' || coalesce(${customers.address}, '') || ' ' || coalesce(${customers.city}, '') || ' ' || coalesce(${customers.state}, '') || ' ' || coalesce(${customers.zip}, '') || ' ' || coalesce(${customers.notes}, ''))`;

const PHONE_LIKE = /^[\d\s()+.-]*$/;

/**
 * The digits of a term written like a phone number: digits with phone punctuation only, and at least three digits
 * (docs/rules/records.md#customer-search). "Toast MWYJXN5Z" is not one: its "5" matched every customer whose phone
 * holds a 5, and those pushed the one customer named so out of the picker's first 50.
 */
function phoneDigitsOf(q: string): string | undefined {
  const digits = q.replace(/\D/g, '');
  return PHONE_LIKE.test(q) && digits.length >= 3 ? digits : undefined;
}

/** Any text field contains q, or, when q is written like a phone number, the phone (stored as digits) contains its digits. */
export function customerSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = phoneDigitsOf(q);
  return or(
    sql`${customerSearchText} ilike ${likePattern(q)}`,
    digits ? ilike(customers.phone, likePattern(digits)) : undefined,
  );
}

const documentSearchText = {
  workOrder: sql`(${workOrders.orderNumber} || ' ' || ${workOrders.title})`,
  estimate: sql`(${estimates.estimateNumber} || ' ' || coalesce(${estimates.title}, ''))`,
};

/**
 * Ids of the customers whose name contains q, for the documents' "or the customer's name" condition.
 * Looked up once per request and passed to the document query as one array parameter: with the ids
 * known, `customer_id = any(...)` uses the (organization_id, customer_id) index and can be OR-ed with
 * the trigram condition in one bitmap scan; a `customer_id in (subquery)` could not, and was evaluated
 * again by the page and the count queries.
 */
export async function customersNamed(db: DbOrTx, ctx: RequestContext, q: string, organizationId: number | null | undefined): Promise<number[]> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(scopeFilter(tenantScope(ctx, organizationId), customers.organizationId), ilike(customers.name, likePattern(q))));
  return rows.map((r) => r.id);
}

/**
 * The same customers as a subquery, for a statement that looks them up itself (an invoice search page, which then
 * needs no round trip of its own for them).
 */
export function customersNamedSql(db: DbOrTx, ctx: RequestContext, q: string, organizationId: number | null | undefined): SQL {
  return sql`(${db
    .select({ id: customers.id })
    .from(customers)
    .where(and(scopeFilter(tenantScope(ctx, organizationId), customers.organizationId), ilike(customers.name, likePattern(q))))})`;
}

// The document searches return their alternatives (a row matches when any does): OR-ed for the page
// (or(...alternatives)), and counted as a UNION of ids (countRows in platform/lists.ts), because the
// planner answers an OR of a trigram and a btree condition with a scan of every row of the organization.

/** Work orders: number or title (index work_orders_search_trgm), or one of the customers. */
export function workOrderSearch(q: string, customerIds: number[]): SQL[] {
  return alternatives(sql`${documentSearchText.workOrder} ilike ${likePattern(q)}`, byCustomer(workOrders.customerId, customerIds));
}

/** Estimates: number or title (index estimates_search_trgm), or one of the customers. */
export function estimateSearch(q: string, customerIds: number[]): SQL[] {
  return alternatives(sql`${documentSearchText.estimate} ilike ${likePattern(q)}`, byCustomer(estimates.customerId, customerIds));
}

/** Invoices: number (index invoices_number_trgm), or one of the customers (their ids, or customersNamedSql). */
export function invoiceSearch(q: string, customerIds: number[] | SQL): SQL[] {
  return alternatives(ilike(invoices.invoiceNumber, likePattern(q)), byCustomer(invoices.customerId, customerIds));
}

const alternatives = (...conditions: (SQL | undefined)[]) => conditions.filter((c): c is SQL => c !== undefined);

/** One int[] parameter whatever the number of ids (a bind parameter per id would hit the protocol's limit). */
function byCustomer(column: PgColumn, customerIds: number[] | SQL): SQL | undefined {
  // array(subquery) is worked out once, before the scan, and then meets the index as the id array does; a plain
  // `in (subquery)` was planned as a hash join over a scan of every invoice of the organization (7 ms against 1).
  if (!Array.isArray(customerIds)) return sql`${column} = any(array${customerIds})`;
  if (customerIds.length === 0) return undefined;
  return sql`${column} = any(${`{${customerIds.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}
