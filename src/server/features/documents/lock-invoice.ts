import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';

/**
 * The caller's invoice row, locked for the rest of the transaction so that edits, voiding, credit notes and payments
 * of one invoice happen one after another; another organization's is a 404.
 */
export async function lockInvoiceInScope(tx: DbOrTx, ctx: RequestContext, id: number): Promise<typeof invoices.$inferSelect> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(tenantWhere(tenantScope(ctx), invoices, eq(invoices.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound('Invoice not found');
  return row;
}
