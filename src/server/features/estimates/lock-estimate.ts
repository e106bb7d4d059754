// The caller's estimate, row-locked for the transaction's writes (sending, answering, versions, converting); another
// organization's is a 404.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';

export async function lockEstimateInScope(tx: DbOrTx, ctx: RequestContext, id: number): Promise<typeof estimates.$inferSelect> {
  const [row] = await tx
    .select()
    .from(estimates)
    .where(tenantWhere(tenantScope(ctx), estimates, eq(estimates.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound('Estimate not found');
  return row;
}
