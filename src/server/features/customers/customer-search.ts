// Free-text search conditions built to use the trigram indexes of drizzle/0002_search_indexes.sql.
// The expressions must stay identical to the indexed ones, or the database falls back to scanning.
import { and, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { customers, estimates, invoices, workOrders } from '../../db/schema/index';
import { likePattern } from '../../platform/lists';
import type { RequestContext } from '../../platform/context';
import { tenantFilter } from '../../platform/tenancy';

/** Every text field of a customer in one string (index customers_search_trgm). */
const customerSearchText = sql`(${customers.name} || ' ' || coalesce(${customers.email}, '') || ' ' || coalesce(${customers.companyName}, '') || ' ' || coalesce(${customers.address}, '') || ' ' || coalesce(${customers.city}, '') || ' ' || coalesce(${customers.state}, '') || ' ' || coalesce(${customers.zip}, '') || ' ' || coalesce(${customers.notes}, ''))`;

/** Any text field contains q, or the phone (stored as digits) contains q's digits. */
export function customerSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/\D/g, '');
  return or(
    sql`${customerSearchText} ilike ${likePattern(q)}`,
    digits ? ilike(customers.phone, likePattern(digits)) : undefined,
  );
}

const documentSearchText = {
  workOrder: sql`(${workOrders.orderNumber} || ' ' || ${workOrders.title})`,
  estimate: sql`(${estimates.estimateNumber} || ' ' || coalesce(${estimates.title}, ''))`,
};

/** Work orders: number or title (index work_orders_search_trgm), or the customer's name. */
export function workOrderSearch(ctx: RequestContext, q: string, organizationId?: number | null): SQL | undefined {
  return or(sql`${documentSearchText.workOrder} ilike ${likePattern(q)}`, byCustomer(workOrders.customerId, ctx, q, organizationId));
}

/** Estimates: number or title (index estimates_search_trgm), or the customer's name. */
export function estimateSearch(ctx: RequestContext, q: string, organizationId?: number | null): SQL | undefined {
  return or(sql`${documentSearchText.estimate} ilike ${likePattern(q)}`, byCustomer(estimates.customerId, ctx, q, organizationId));
}

/** Invoices: number (index invoices_number_trgm), or the customer's name. */
export function invoiceSearch(ctx: RequestContext, q: string, organizationId?: number | null): SQL | undefined {
  return or(ilike(invoices.invoiceNumber, likePattern(q)), byCustomer(invoices.customerId, ctx, q, organizationId));
}

function byCustomer(column: PgColumn, ctx: RequestContext, q: string, organizationId?: number | null): SQL {
  return inArray(
    column,
    sql`(select ${customers.id} from ${customers} where ${and(tenantFilter(ctx, customers.organizationId, organizationId), ilike(customers.name, likePattern(q)))})`,
  );
}
