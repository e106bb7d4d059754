// The organization a payment belongs to: the caller's, or for a super user the invoice's (or the one chosen).
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '../../../contracts/payments';
import type { DbOrTx } from '../../db/client';
import { invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';

export async function paymentOrganization(db: DbOrTx, ctx: RequestContext, invoiceId: number | null | undefined, requested?: number | null): Promise<number> {
  if (ctx.isSuperUser && !requested && invoiceId) {
    const [row] = await db.select({ organizationId: invoices.organizationId }).from(invoices).where(eq(invoices.id, invoiceId));
    if (!row) throw notFound(PAYMENT_MESSAGES.invoiceNotFound);
    return row.organizationId;
  }
  return organizationForWrite(ctx, requested);
}
