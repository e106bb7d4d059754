// One search per kind of record, each up to SEARCH_RESULTS_PER_KIND matches in the caller's organization.
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { formatPhone, statusLabel } from '../../../contracts/format';
import { formatMoney } from '../../../contracts/money';
import { SEARCH_RESULTS_PER_KIND, type SearchResult } from '../../../contracts/search';
import type { DbOrTx } from '../../db/client';
import { customers, estimates, invoices, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { customerSearch, estimateSearch, invoiceSearch, workOrderSearch } from '../customers/customer-search';
import { scopeFilter, tenantScope } from '../../platform/tenancy';

export interface SearchScope {
  ctx: RequestContext;
  q: string;
  organizationId?: number;
  /** Ids of the customers whose name contains q (customersNamed), shared by the document searches. */
  customerIds: () => Promise<number[]>;
}

const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(' · ') || null;

export async function searchCustomers(db: DbOrTx, { ctx, q, organizationId }: SearchScope): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: customers.id, name: customers.name, companyName: customers.companyName, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(
      and(
        scopeFilter(tenantScope(ctx, organizationId), customers.organizationId),
        customerSearch(q),
      ),
    )
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.name), asc(customers.id))
    .limit(SEARCH_RESULTS_PER_KIND);
  return rows.map((c) => ({
    id: c.id,
    title: c.name,
    subtitle: line(c.companyName, c.email, c.phone ? formatPhone(c.phone) : null),
    href: `/customers?open=${c.id}`,
  }));
}

export async function searchWorkOrders(db: DbOrTx, { ctx, q, organizationId, customerIds }: SearchScope): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: workOrders.id, number: workOrders.orderNumber, title: workOrders.title, status: workOrders.status, customerName: customers.name })
    .from(workOrders)
    .innerJoin(customers, and(eq(customers.id, workOrders.customerId), eq(customers.organizationId, workOrders.organizationId)))
    .where(and(scopeFilter(tenantScope(ctx, organizationId), workOrders.organizationId), or(...workOrderSearch(q, await customerIds()))))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    .limit(SEARCH_RESULTS_PER_KIND);
  return rows.map((r) => ({
    id: r.id,
    title: line(r.number, r.title) ?? r.number,
    subtitle: line(r.customerName, statusLabel(r.status)),
    href: `/work-orders?open=${r.id}`,
  }));
}

export async function searchEstimates(db: DbOrTx, { ctx, q, organizationId, customerIds }: SearchScope): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: estimates.id, number: estimates.estimateNumber, title: estimates.title, status: estimates.status, total: estimates.total, customerName: customers.name })
    .from(estimates)
    .innerJoin(customers, and(eq(customers.id, estimates.customerId), eq(customers.organizationId, estimates.organizationId)))
    .where(and(scopeFilter(tenantScope(ctx, organizationId), estimates.organizationId), or(...estimateSearch(q, await customerIds()))))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(SEARCH_RESULTS_PER_KIND);
  return rows.map((r) => ({
    id: r.id,
    title: line(r.number, r.title) ?? r.number,
    subtitle: line(r.customerName, statusLabel(r.status), formatMoney(r.total)),
    href: `/estimates?open=${r.id}`,
  }));
}

export async function searchInvoices(db: DbOrTx, { ctx, q, organizationId, customerIds }: SearchScope): Promise<SearchResult[]> {
  const rows = await db
    .select({ id: invoices.id, number: invoices.invoiceNumber, status: invoices.status, total: invoices.total, customerName: customers.name })
    .from(invoices)
    .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId)))
    .where(and(scopeFilter(tenantScope(ctx, organizationId), invoices.organizationId), or(...invoiceSearch(q, await customerIds()))))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(SEARCH_RESULTS_PER_KIND);
  return rows.map((r) => ({
    id: r.id,
    title: r.number,
    subtitle: line(r.customerName, statusLabel(r.status), formatMoney(r.total)),
    href: `/invoices?open=${r.id}`,
  }));
}
