import { eq } from 'drizzle-orm';
import type { Estimate } from '../../../contracts/estimates';
import type { DbOrTx } from '../../db/client';
import { customers, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { estimateColumns, estimateCustomerJoin, toEstimates } from './estimate-view';

/** One estimate of the caller's organization with its line items; another organization's is a 404. */
export async function getEstimate(db: DbOrTx, ctx: RequestContext, id: number): Promise<Estimate> {
  const rows = await db
    .select(estimateColumns)
    .from(estimates)
    .leftJoin(customers, estimateCustomerJoin)
    .where(tenantWhere(tenantScope(ctx), estimates, eq(estimates.id, id)))
    .limit(1);
  if (rows.length === 0) throw notFound('Estimate not found');
  const [est] = await toEstimates(db, ctx, rows);
  return est;
}
