import { and, eq } from 'drizzle-orm';
import type { Invoice } from '../../../contracts/invoices';
import type { DbOrTx } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { invoiceColumns, invoiceCustomerJoin, toInvoices } from './invoice-view';

/** One invoice of the caller's organization with its line items and balance; another organization's is a 404. */
export async function getInvoice(db: DbOrTx, ctx: RequestContext, id: number): Promise<Invoice> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, invoiceCustomerJoin)
    .where(tenantWhere(tenantScope(ctx), invoices, eq(invoices.id, id)))
    .limit(1);
  if (rows.length === 0) throw notFound('Invoice not found');
  const [inv] = toInvoices(rows);
  return inv;
}

/** One invoice of a known organization, for the system's jobs (no caller): the organization's own row or a 404. */
export async function getOrganizationInvoice(db: DbOrTx, organizationId: number, id: number): Promise<Invoice> {
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(customers, invoiceCustomerJoin)
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, id)))
    .limit(1);
  if (rows.length === 0) throw notFound('Invoice not found');
  return toInvoices(rows)[0];
}
