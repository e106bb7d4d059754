// The customer's answer on the quote page: approve with a typed name and a drawn signature, decline with a reason,
// or ask for changes (docs/rules/quote-approval.md#answers). One transaction under the estimate's row lock, so two
// clicks, tabs or devices give one answer; staff get a bell at once.
import { and, asc, eq } from 'drizzle-orm';
import type { ApproveQuote, DeclineQuote, PublicQuote, RequestQuoteChanges, Signature } from '../../../contracts/estimates';
import { formatMoney } from '../../../contracts/money';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { estimateLineItems, estimateResponses, estimates } from '../../db/schema/index';
import { invalid } from '../../platform/errors';
import { figureColumns, pricedWith } from '../documents/document-pricing';
import { notifyStaff, staffWith, type StaffEvent } from '../notifications/notify-staff';
import { emitWebhookEvent } from '../webhooks/emit-event';
import { assertCanAnswer, estimateByToken, publicQuote, quoteWord, type EstimateRow } from './quote-page';

export interface AnswerMeta {
  ip: string | null;
  userAgent: string | null;
}

/** What the route tells the organization by e-mail once the answer is stored. */
export interface AnsweredQuote {
  quote: PublicQuote;
  estimate: EstimateRow;
  kind: 'approved' | 'declined' | 'changes_requested';
  signerName: string | null;
  message: string | null;
}

type Answer = {
  kind: AnsweredQuote['kind'];
  signerName?: string;
  signature?: Signature;
  message?: string;
};

const EVENT: Record<AnsweredQuote['kind'], { type: StaffEvent['type']; verb: string }> = {
  approved: { type: 'quote_approved', verb: 'approved' },
  declined: { type: 'quote_declined', verb: 'declined' },
  changes_requested: { type: 'quote_changes_requested', verb: 'asked for changes to' },
};

/** Ticks the optional items the customer chose and reprices the estimate (the approved total is what they saw). */
async function applySelection(tx: Tx, row: EstimateRow, selectedOptionalIds: number[]) {
  const lines = await tx
    .select()
    .from(estimateLineItems)
    .where(and(eq(estimateLineItems.organizationId, row.organizationId), eq(estimateLineItems.estimateId, row.id)))
    .orderBy(asc(estimateLineItems.sortOrder), asc(estimateLineItems.id));
  const optionalIds = new Set(lines.filter((l) => l.optional).map((l) => l.id));
  const chosen = new Set(selectedOptionalIds);
  const stray = [...chosen].filter((id) => !optionalIds.has(id));
  if (stray.length > 0) throw invalid('selectedOptionalIds: Only optional items can be chosen', [{ path: 'selectedOptionalIds', message: 'Only optional items can be chosen' }]);
  for (const line of lines) {
    if (!line.optional || line.selected === chosen.has(line.id)) continue;
    await tx
      .update(estimateLineItems)
      .set({ selected: chosen.has(line.id) })
      .where(and(eq(estimateLineItems.organizationId, row.organizationId), eq(estimateLineItems.id, line.id)));
  }
  // Priced with the settings and rates the quote was written with: the page showed the same figures (priceDocument).
  const priced = pricedWith(
    lines.map((l) => ({ ...l, selected: l.optional ? chosen.has(l.id) : true })),
    { discountType: row.discountType, discountValue: row.discountValue, tax: row.tax },
    row,
  );
  return figureColumns(priced.figures);
}

async function answer(db: Db, config: Pick<Config, 'APP_SECRET'>, token: string, revision: string, meta: AnswerMeta, given: Answer, selectedOptionalIds: number[] = []): Promise<AnsweredQuote> {
  const now = new Date();
  const estimate = await db.transaction(async (tx) => {
    const row = await estimateByToken(tx, token, true);
    assertCanAnswer(row, revision, now, await quoteWord(tx, row.organizationId));
    const totals = given.kind === 'approved' ? await applySelection(tx, row, selectedOptionalIds) : null;
    const [response] = await tx
      .insert(estimateResponses)
      .values({
        organizationId: row.organizationId,
        estimateId: row.id,
        version: row.version,
        kind: given.kind,
        signerName: given.signerName ?? null,
        signature: given.signature ?? null,
        message: given.message ?? null,
        total: totals?.total ?? null,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: estimateResponses.id });
    const [updated] = await tx
      .update(estimates)
      .set({ status: given.kind, ...(totals ?? {}) })
      .where(and(eq(estimates.organizationId, row.organizationId), eq(estimates.id, row.id)))
      .returning();
    if (given.kind === 'approved') await emitWebhookEvent(tx, row.organizationId, 'estimate.approved', row.id);
    const event = EVENT[given.kind];
    const recipients = await staffWith(tx, row.organizationId, ['manage_estimates', 'create_estimates']);
    const who = given.signerName ?? 'The customer';
    await notifyStaff(tx, recipients, [
      {
        organizationId: row.organizationId,
        type: event.type,
        title: `${who} ${event.verb} ${row.estimateNumber}`,
        body: given.kind === 'approved' ? `${row.title}: ${formatMoney(updated.total)}` : (given.message ?? null),
        link: `/estimates?open=${row.id}`,
        // One bell per answer: the answer's row, not the estimate, is the notified record.
        entityType: 'estimate_response',
        entityId: response.id,
      },
    ]);
    return updated;
  });
  return { quote: await publicQuote(db, config, estimate, now), estimate, kind: given.kind, signerName: given.signerName ?? null, message: given.message ?? null };
}

export function approveQuote(db: Db, config: Pick<Config, 'APP_SECRET'>, token: string, input: ApproveQuote, meta: AnswerMeta): Promise<AnsweredQuote> {
  return answer(db, config, token, input.revision, meta, { kind: 'approved', signerName: input.signerName, signature: input.signature }, input.selectedOptionalIds);
}

export function declineQuote(db: Db, config: Pick<Config, 'APP_SECRET'>, token: string, input: DeclineQuote, meta: AnswerMeta): Promise<AnsweredQuote> {
  return answer(db, config, token, input.revision, meta, { kind: 'declined', message: input.reason });
}

export function requestQuoteChanges(db: Db, config: Pick<Config, 'APP_SECRET'>, token: string, input: RequestQuoteChanges, meta: AnswerMeta): Promise<AnsweredQuote> {
  return answer(db, config, token, input.revision, meta, { kind: 'changes_requested', message: input.message });
}

