import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceListQuery } from '../../../contracts/invoices';
import type { Db, DbOrTx } from '../../db/client';
import { union } from 'drizzle-orm/pg-core';
import { customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { countRows, page, runAll } from '../../platform/lists';
import { descending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader } from '../../platform/list-order';
import { customersNamed, customersNamedSql, invoiceSearch } from '../customers/customer-search';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { preparedFor, singleOrganization } from '../../platform/prepared';
import { invoiceColumns, invoiceCustomerJoin, toInvoices } from '../documents/invoice-view';

const SORTABLE = {
  invoiceNumber: invoices.invoiceNumber,
  status: invoices.status,
  total: invoices.total,
  dueDate: invoices.dueDate,
  paidDate: invoices.paidDate,
  createdAt: invoices.createdAt,
  customerName: customers.name,
};

const NEWEST_FIRST = [descending(invoices.createdAt), descending(invoices.id)];

/** A page of invoices, newest first; q searches invoice number and customer name. */
export function listInvoices(db: DbOrTx, ctx: RequestContext, query: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
  return invoicesPage(db, ctx, query);
}

const preparePage = (db: Db) =>
  db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, invoiceCustomerJoin)
    .where(eq(invoices.organizationId, sql.placeholder('orgId')))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('invoices_page');

/**
 * A search's page, newest first, with its total counted in the same pass: the matches are the UNION of each
 * alternative's ids (each on its own index, as countRows counts them), counted by a window before the page is cut,
 * so they are found once instead of once for the page and again for the total.
 */
function searchPage(db: DbOrTx, base: SQL | undefined, alternatives: SQL[], limit: number, offset: number) {
  const [first, second, ...rest] = alternatives.map((alt) =>
    db.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(and(base, alt)),
  );
  const matches = (second ? union(first!, second, ...rest) : first!).as('matches');
  const p = db
    .select({ id: matches.id, createdAt: matches.createdAt, total: sql<number>`count(*) over ()`.as('match_total') })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(limit)
    .offset(offset)
    .as('p');
  return db
    .select({ ...invoiceColumns, total: p.total })
    .from(p)
    .innerJoin(invoices, eq(invoices.id, p.id))
    .leftJoin(customers, invoiceCustomerJoin)
    .orderBy(desc(p.createdAt), desc(p.id));
}

/** The list's filters (its organization, status and customer), without the search. */
function invoiceFilters(ctx: RequestContext, query: InvoiceListQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [scopeFilter(tenantScope(ctx, query.organizationId), invoices.organizationId)];
  if (query.status) filters.push(eq(invoices.status, query.status));
  if (query.customerId) filters.push(eq(invoices.customerId, query.customerId));
  return and(...filters);
}

/** The list's rows batch by batch in its order, with its search and filters: its export (docs/rules/data-exchange.md#list-exports). */
export async function invoiceBatches(db: DbOrTx, ctx: RequestContext, query: InvoiceListQuery): Promise<BatchReader<Invoice>> {
  const base = invoiceFilters(ctx, query);
  const search = query.q ? invoiceSearch(query.q, await customersNamed(db, ctx, query.q, query.organizationId)) : undefined;
  const where = search ? and(base, or(...search)) : base;
  return keysetReader(
    sortKeys(query, SORTABLE, NEWEST_FIRST),
    (b: BatchQuery) => db.select({ ...invoiceColumns, listKey: b.key }).from(invoices).leftJoin(customers, invoiceCustomerJoin).where(and(where, b.after)).orderBy(...b.order).limit(b.limit),
    toInvoices,
  );
}

async function invoicesPage(db: DbOrTx, ctx: RequestContext, query: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
  const base = invoiceFilters(ctx, query);
  if (query.q && !query.sort) {
    // A search in the default order: its page and total in one statement, which finds the named customers itself.
    const alternatives = invoiceSearch(query.q, customersNamedSql(db, ctx, query.q, query.organizationId));
    const { limit, offset } = page(query);
    const rows = await searchPage(db, base, alternatives, limit, offset);
    // A page past the last match carries no count: only then is it counted apart.
    const total = rows.length > 0 ? Number(rows[0]!.total) : offset > 0 ? await countRows(db, invoices, invoices.id, base, alternatives) : 0;
    return { items: toInvoices(rows), total };
  }
  const search = query.q ? invoiceSearch(query.q, await customersNamed(db, ctx, query.q, query.organizationId)) : undefined;
  const where = search ? and(base, or(...search)) : base;
  const { limit, offset } = page(query);
  const orgId = singleOrganization(ctx, query.organizationId);
  // The plain first pages (no search or filter, newest first) are the most read: a prepared statement.
  const plain = !query.q && !query.status && !query.customerId && !query.sort && orgId !== null ? preparedFor(db, 'invoices_page', preparePage) : null;
  const pageRows = () =>
    plain
      ? plain.execute({ orgId, limit, offset })
      : db
          .select(invoiceColumns)
          .from(invoices)
          .leftJoin(customers, invoiceCustomerJoin)
          .where(where)
          .orderBy(...orderOf(sortKeys(query, SORTABLE, NEWEST_FIRST)))
          .limit(limit)
          .offset(offset);
  // Every filter is on the invoices row (the customer join never adds or drops one), so the total needs no join.
  // The total is the same for every page of one search or filter.
  const countTotal = () => countRows(db, invoices, invoices.id, base, search);
  // Page and total in parallel (separate connections on PostgreSQL).
  const [rows, total] = await runAll(db, pageRows, countTotal);
  return { items: toInvoices(rows), total };
}
