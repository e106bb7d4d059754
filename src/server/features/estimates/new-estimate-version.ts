// A new version of a sent quote (docs/rules/quote-approval.md#versions): what the customer was sent is kept as it
// was, and the estimate becomes a draft to change and send again under the same number.
import { and, asc, eq } from 'drizzle-orm';
import type { Estimate } from '../../../contracts/estimates';
import type { Db } from '../../db/client';
import { estimateLineItems, estimates, estimateVersions } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { lockEstimateInScope } from './lock-estimate';
import { getEstimate } from './get-estimate';

export async function newEstimateVersion(db: Db, ctx: RequestContext, id: number): Promise<Estimate> {
  await db.transaction(async (tx) => {
    const row = await lockEstimateInScope(tx, ctx, id);
    if (row.status === 'converted') throw conflict('This estimate has been converted. Create a new estimate instead.');
    if (row.status === 'draft') throw conflict('This estimate is a draft: change it as it is.');
    const lines = await tx
      .select()
      .from(estimateLineItems)
      .where(and(eq(estimateLineItems.organizationId, row.organizationId), eq(estimateLineItems.estimateId, row.id)))
      .orderBy(asc(estimateLineItems.sortOrder), asc(estimateLineItems.id));
    await tx.insert(estimateVersions).values({
      organizationId: row.organizationId,
      estimateId: row.id,
      version: row.version,
      approvalToken: row.approvalToken,
      snapshot: {
        title: row.title,
        description: row.description,
        status: row.status,
        subtotal: row.subtotal,
        tax: row.tax ?? '0.00',
        total: row.total,
        discount: row.discount,
        taxes: row.taxes,
        validUntil: row.validUntil?.toISOString() ?? null,
        terms: row.terms,
        sentAt: row.sentAt?.toISOString() ?? null,
        viewedAt: row.viewedAt?.toISOString() ?? null,
        lineItems: lines.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          rate: l.rate,
          amount: l.amount,
          discount: l.discount,
          taxRates: l.taxRates,
          optional: l.optional,
          selected: l.selected,
        })),
      },
    });
    await tx
      .update(estimates)
      .set({ version: row.version + 1, status: 'draft', approvalToken: null, sentAt: null, viewedAt: null })
      .where(and(eq(estimates.organizationId, row.organizationId), eq(estimates.id, row.id)));
  });
  return getEstimate(db, ctx, id);
}
