import { and, eq } from 'drizzle-orm';
import { estimateLocked, type Estimate, type UpdateEstimate } from '../../../contracts/estimates';
import { toCents } from '../../../contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { estimateLineItems, estimates } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { lockEstimateInScope } from './lock-estimate';
import { customerInOrganization } from '../documents/document-rules';
import { documentDiscountChanged, estimateLineValuesOf, figureColumns, repriced, sameLines, storedLines } from '../documents/document-pricing';
import { getEstimate } from './get-estimate';
import { emitWebhookEvent } from '../webhooks/emit-event';

export const APPROVED_LOCKED_MESSAGE = 'An approved estimate cannot be changed. Create a new version to change it.';

type EstimateRow = typeof estimates.$inferSelect;

const sameTime = (a: Date | null | undefined, b: Date | null) => (a ?? null)?.getTime() === b?.getTime();

/**
 * An approved or converted estimate (docs/rules/quote-approval.md#versions) takes its own values again (the form
 * sends every field); any change is a 409, the notes too, since the signed PDF prints them.
 */
async function refuseSignedChanges(tx: DbOrTx, current: EstimateRow, input: UpdateEstimate) {
  const changed =
    (input.customerId !== undefined && input.customerId !== current.customerId) ||
    (input.title !== undefined && input.title !== current.title) ||
    (input.description !== undefined && input.description !== current.description) ||
    (input.terms !== undefined && input.terms !== current.terms) ||
    (input.notes !== undefined && input.notes !== current.notes) ||
    (input.depositType !== undefined && input.depositType !== current.depositType) ||
    (input.depositValue !== undefined && toCents(input.depositValue) !== toCents(current.depositValue)) ||
    (input.status !== undefined && input.status !== current.status) ||
    (current.taxes.length === 0 && !(input.lineItems ?? []).some((l) => (l.taxRateIds ?? []).length > 0) && input.tax !== undefined && toCents(input.tax) !== toCents(current.tax)) ||
    documentDiscountChanged(current, input) ||
    (input.validUntil !== undefined && !sameTime(input.validUntil, current.validUntil));
  if (changed) throw conflict(APPROVED_LOCKED_MESSAGE);
  if (!input.lineItems) return;
  const stored = await storedLines(tx, estimateLineItems, estimateLineItems.estimateId, current, true);
  if (!sameLines(stored, input.lineItems, true)) throw conflict(APPROVED_LOCKED_MESSAGE);
}

/** The deposit after the update: a type without a value keeps the stored value; no type clears both. */
function depositFields(current: EstimateRow, input: UpdateEstimate): Pick<EstimateRow, 'depositType' | 'depositValue'> {
  const depositType = input.depositType === undefined ? current.depositType : input.depositType;
  const depositValue = input.depositValue === undefined ? current.depositValue : input.depositValue;
  return depositType ? { depositType, depositValue } : { depositType: null, depositValue: null };
}

/** Updates the fields present; lineItems, when present, replace the lines. Totals are recomputed. */
export async function updateEstimate(db: Db, ctx: RequestContext, id: number, input: UpdateEstimate): Promise<Estimate> {
  await db.transaction(async (tx) => {
    const current = await lockEstimateInScope(tx, ctx, id);
    const organizationId = current.organizationId;
    if (estimateLocked(current.status)) {
      await refuseSignedChanges(tx, current, input);
      return;
    }
    if (input.customerId !== undefined && input.customerId !== current.customerId) {
      await customerInOrganization(tx, organizationId, input.customerId);
    }
    const customerId = input.customerId ?? current.customerId;
    const priced = await repriced(tx, estimateLineItems, estimateLineItems.estimateId, current, { ...input, customerId }, true);

    await tx
      .update(estimates)
      .set({
        customerId,
        title: input.title ?? current.title,
        description: input.description === undefined ? current.description : input.description,
        status: input.status ?? current.status,
        ...(priced && figureColumns(priced.figures)),
        validUntil: input.validUntil === undefined ? current.validUntil : input.validUntil,
        notes: input.notes === undefined ? current.notes : input.notes,
        terms: input.terms === undefined ? current.terms : input.terms,
        ...depositFields(current, input),
      })
      .where(and(eq(estimates.id, id), eq(estimates.organizationId, organizationId)));

    if (priced && input.lineItems) {
      await tx.delete(estimateLineItems).where(and(eq(estimateLineItems.organizationId, organizationId), eq(estimateLineItems.estimateId, id)));
      if (priced.lines.length > 0) {
        await tx.insert(estimateLineItems).values(priced.lines.map((l) => ({ ...estimateLineValuesOf(l), organizationId, estimateId: id })));
      }
    }
    // Marked approved by staff (docs/rules/public-api.md#webhook-events).
    if (input.status === 'approved' && current.status !== 'approved') await emitWebhookEvent(tx, organizationId, 'estimate.approved', id);
  });
  return getEstimate(db, ctx, id);
}
