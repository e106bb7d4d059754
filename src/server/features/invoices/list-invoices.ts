import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceListQuery } from '../../../contracts/invoices';
import type { Db, DbOrTx } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { countRows, orderBy, page, runAll } from '../../platform/lists';
import { customersNamed, invoiceSearch } from '../customers/customer-search';
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

async function invoicesPage(db: DbOrTx, ctx: RequestContext, query: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
  const filters: (SQL | undefined)[] = [scopeFilter(tenantScope(ctx, query.organizationId), invoices.organizationId)];
  if (query.status) filters.push(eq(invoices.status, query.status));
  if (query.customerId) filters.push(eq(invoices.customerId, query.customerId));
  const base = and(...filters);
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
          .orderBy(...orderBy(query, SORTABLE, [desc(invoices.createdAt), desc(invoices.id)]))
          .limit(limit)
          .offset(offset);
  // Every filter is on the invoices row (the customer join never adds or drops one), so the total needs no join.
  // The total is the same for every page of one search or filter.
  const countTotal = () => countRows(db, invoices, invoices.id, base, search);
  // Page and total in parallel (separate connections on PostgreSQL).
  const [rows, total] = await runAll(db, pageRows, countTotal);
  return { items: toInvoices(rows), total };
}
