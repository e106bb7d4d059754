// An organization's processors (every organization's for a super user who names none), by display name.
import { and, asc, count, ilike, or, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { PaymentProcessor } from '../../../contracts/payment-processors';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toProcessorResponse } from './processor-response';

const SORTABLE = {
  id: paymentProcessors.id,
  displayName: paymentProcessors.displayName,
  processorType: paymentProcessors.processorType,
  isActive: paymentProcessors.isActive,
  createdAt: paymentProcessors.createdAt,
  updatedAt: paymentProcessors.updatedAt,
};

const BY_NAME: SQL[] = [asc(paymentProcessors.displayName), asc(paymentProcessors.id)];

export async function listPaymentProcessors(db: DbOrTx, config: Config, ctx: RequestContext, query: ListQuery): Promise<{ rows: PaymentProcessor[]; total: number }> {
  const search = query.q ? or(ilike(paymentProcessors.displayName, likePattern(query.q)), ilike(paymentProcessors.processorType, likePattern(query.q))) : undefined;
  const where = and(scopeFilter(tenantScope(ctx, query.organizationId), paymentProcessors.organizationId), search);
  const { limit, offset } = page(query);
  const [rows, [{ total }]] = await runAll(
    db,
    () => db.select().from(paymentProcessors).where(where).orderBy(...orderBy(query, SORTABLE, BY_NAME)).limit(limit).offset(offset),
    () => db.select({ total: count() }).from(paymentProcessors).where(where),
  );
  return { rows: rows.map((row) => toProcessorResponse(config, row)), total: Number(total) };
}
