// Removes a processor of the caller's organization; another organization's id is a miss.
import { eq } from 'drizzle-orm';
import { PROCESSOR_MESSAGES } from '../../../contracts/payment-processors';
import type { Db } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { auditProcessor } from './processor-audit';

export async function deletePaymentProcessor(db: Db, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(paymentProcessors)
      .where(tenantWhere(tenantScope(ctx), paymentProcessors, eq(paymentProcessors.id, id)))
      .returning();
    if (!deleted) throw notFound(PROCESSOR_MESSAGES.notFound);
    await auditProcessor(tx, ctx, 'deleted', deleted);
  });
}
