import type { CreateEstimate, Estimate } from '../../../contracts/estimates';
import { priceLineItems } from '../../../contracts/line-items';
import type { Db } from '../../db/client';
import { estimateLineItems, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { checkAmounts, documentTotals, organizationAndCustomer } from '../documents/document-rules';
import { nextDocumentNumber } from '../numbering/next-number';
import { getEstimate } from './get-estimate';

/** A new estimate and its lines in one transaction; the server prices the lines and numbers it. */
export async function createEstimate(db: Db, ctx: RequestContext, input: CreateEstimate): Promise<Estimate> {
  const priced = priceLineItems(input.lineItems ?? []);
  checkAmounts(priced.issues);
  const totals = documentTotals(priced.subtotalCents, input.tax);

  const id = await db.transaction(async (tx) => {
    const { organizationId, customer } = await organizationAndCustomer(tx, ctx, input);
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
        ...totals,
        validUntil: input.validUntil ?? null,
        notes: input.notes ?? null,
        terms: input.terms ?? null,
        depositType: input.depositType ?? null,
        depositValue: input.depositType ? (input.depositValue ?? null) : null,
      })
      .returning({ id: estimates.id });
    if (priced.lines.length > 0) {
      await tx.insert(estimateLineItems).values(priced.lines.map((l) => ({ ...l, organizationId, estimateId: row.id })));
    }
    return row.id;
  });
  return getEstimate(db, ctx, id);
}
