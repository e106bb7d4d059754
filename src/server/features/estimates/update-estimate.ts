import { and, eq } from 'drizzle-orm';
import type { Estimate, UpdateEstimate } from '../../../contracts/estimates';
import { priceLineItems } from '../../../contracts/line-items';
import { toCents } from '../../../contracts/money';
import type { Db } from '../../db/client';
import { estimateLineItems, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { checkAmounts, customerInOrganization, documentTotals } from '../documents/document-rules';
import { getEstimate } from './get-estimate';

/** Updates the fields present; lineItems, when present, replace the lines. Totals are recomputed. */
export async function updateEstimate(db: Db, ctx: RequestContext, id: number, input: UpdateEstimate): Promise<Estimate> {
  const priced = input.lineItems ? priceLineItems(input.lineItems) : null;
  if (priced) checkAmounts(priced.issues);

  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(estimates)
      .where(tenantWhere(tenantScope(ctx), estimates, eq(estimates.id, id)))
      .limit(1)
      .for('update');
    if (!current) throw notFound('Estimate not found');
    const organizationId = current.organizationId;
    if (input.customerId !== undefined && input.customerId !== current.customerId) {
      await customerInOrganization(tx, organizationId, input.customerId);
    }
    const subtotalCents = priced ? priced.subtotalCents : toCents(current.subtotal);
    const totals = documentTotals(subtotalCents, input.tax === undefined ? current.tax : input.tax);

    await tx
      .update(estimates)
      .set({
        customerId: input.customerId ?? current.customerId,
        title: input.title ?? current.title,
        description: input.description === undefined ? current.description : input.description,
        status: input.status ?? current.status,
        ...totals,
        validUntil: input.validUntil === undefined ? current.validUntil : input.validUntil,
        notes: input.notes === undefined ? current.notes : input.notes,
      })
      .where(and(eq(estimates.id, id), eq(estimates.organizationId, organizationId)));

    if (priced) {
      await tx.delete(estimateLineItems).where(and(eq(estimateLineItems.organizationId, organizationId), eq(estimateLineItems.estimateId, id)));
      if (priced.lines.length > 0) {
        await tx.insert(estimateLineItems).values(priced.lines.map((l) => ({ ...l, organizationId, estimateId: id })));
      }
    }
  });
  return getEstimate(db, ctx, id);
}
