import { and, eq, type SQL } from 'drizzle-orm';
import type { Estimate } from '../../../contracts/estimates';
import type { DbOrTx } from '../../db/client';
import { customers, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { estimateColumns, estimateCustomerJoin, toEstimateDetail, toEstimates } from './estimate-view';

/** One estimate of the caller's organization with its line items, answers, versions and conversions; another organization's is a 404. */
export function getEstimate(db: DbOrTx, ctx: RequestContext, id: number): Promise<Estimate> {
  return estimateWhere(db, tenantWhere(tenantScope(ctx), estimates, eq(estimates.id, id)));
}

/** One estimate of a known organization, for work with no caller of its own (the outbound webhooks' payload). */
export function getOrganizationEstimate(db: DbOrTx, organizationId: number, id: number): Promise<Estimate> {
  return estimateWhere(db, and(eq(estimates.organizationId, organizationId), eq(estimates.id, id)) as SQL);
}

/** The estimate whose quote page token this is (the token is the customer's only credential); 404 otherwise. */
export function getEstimateOfToken(db: DbOrTx, token: string): Promise<Estimate> {
  return estimateWhere(db, eq(estimates.approvalToken, token));
}

async function estimateWhere(db: DbOrTx, where: SQL): Promise<Estimate> {
  const rows = await db.select(estimateColumns).from(estimates).leftJoin(customers, estimateCustomerJoin).where(where).limit(1);
  if (rows.length === 0) throw notFound('Estimate not found');
  const [est] = await toEstimates(db, rows);
  return toEstimateDetail(db, est);
}
