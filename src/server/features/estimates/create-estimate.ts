import type { CreateEstimate, Estimate } from '../../../contracts/estimates';
import type { Db } from '../../db/client';
import { estimateLineItems, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { organizationAndCustomer } from '../documents/document-rules';
import { estimateLineValuesOf, figureColumns, priceInput } from '../documents/document-pricing';
import { nextDocumentNumber } from '../numbering/next-number';
import { getEstimate } from './get-estimate';
import { emitWebhookEvent } from '../webhooks/emit-event';

/** A new estimate and its lines in one transaction; the server prices it (docs/rules/money-and-payments.md#taxes-and-discounts) and numbers it. */
export async function createEstimate(db: Db, ctx: RequestContext, input: CreateEstimate): Promise<Estimate> {
  const id = await db.transaction(async (tx) => {
    const { organizationId, customer } = await organizationAndCustomer(tx, ctx, input);
    const priced = await priceInput(tx, organizationId, customer.id, input);
    const estimateNumber = await nextDocumentNumber(tx, organizationId, 'estimate');
    const [row] = await tx
      .insert(estimates)
      .values({
        organizationId,
        estimateNumber,
        customerId: customer.id,
        title: input.title,
        description: input.description ?? null,
        status: input.status ?? 'draft',
        ...figureColumns(priced.figures),
        validUntil: input.validUntil ?? null,
        notes: input.notes ?? null,
        terms: input.terms ?? null,
        depositType: input.depositType ?? null,
        depositValue: input.depositType ? (input.depositValue ?? null) : null,
      })
      .returning({ id: estimates.id });
    if (priced.lines.length > 0) {
      await tx.insert(estimateLineItems).values(priced.lines.map((l) => ({ ...estimateLineValuesOf(l), organizationId, estimateId: row.id })));
    }
    // Written as approved by staff (docs/rules/public-api.md#webhook-events).
    if (input.status === 'approved') await emitWebhookEvent(tx, organizationId, 'estimate.approved', row.id);
    return row.id;
  });
  return getEstimate(db, ctx, id);
}
