import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoiceListQuery } from '../../../contracts/invoices';
import type { DbOrTx } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { orderBy, page } from '../../platform/lists';
import { invoiceSearch } from '../customers/customer-search';
import { tenantFilter } from '../../platform/tenancy';
import { invoiceColumns, invoiceCustomerJoin, toInvoices } from './invoice-view';

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
export async function listInvoices(db: DbOrTx, ctx: RequestContext, query: InvoiceListQuery): Promise<{ items: Invoice[]; total: number }> {
  const filters: (SQL | undefined)[] = [tenantFilter(ctx, invoices.organizationId, query.organizationId)];
  if (query.status) filters.push(eq(invoices.status, query.status));
  if (query.customerId) filters.push(eq(invoices.customerId, query.customerId));
  if (query.q) {
    filters.push(invoiceSearch(ctx, query.q, query.organizationId));
  }
  const where = and(...filters);
  const { limit, offset } = page(query);
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, invoiceCustomerJoin)
    .where(where)
    .orderBy(...orderBy(query, SORTABLE, [desc(invoices.createdAt), desc(invoices.id)]))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices).leftJoin(customers, invoiceCustomerJoin).where(where);
  return { items: await toInvoices(db, ctx, rows), total: Number(count?.n ?? 0) };
}
