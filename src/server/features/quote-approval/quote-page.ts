// The customer's quote page (docs/rules/quote-approval.md#the-quote-page): what one token shows, and the rules for
// answering it. Only what the page needs leaves the server.
import { documentPricingOf } from '../documents/document-pricing';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { AWAITING_ANSWER_STATUSES, depositCents, type DepositType, type EstimateStatus, type PublicQuote } from '../../../contracts/estimates';
import type { Config } from '../../config';
import { paymentMode } from '../payments/payment-mode';
import { fromCents, toCents } from '../../../contracts/money';
import { depositPaidCents } from '../estimates/estimate-view';
import { formatDate } from '../../../contracts/format';
import { recordWord } from '../../../contracts/vocabulary';
import type { DbOrTx } from '../../db/client';
import { customers, estimateLineItems, estimateResponses, estimates, estimateVersions, invoices } from '../../db/schema/index';
import { conflict, notFound } from '../../platform/errors';
import { runAll } from '../../platform/lists';
import { loadBusiness } from '../documents/document-parties';

export type EstimateRow = typeof estimates.$inferSelect;

export const QUOTE_NOT_FOUND = 'Quote not found';

/** 32 characters of base64url: the bearer secret of one version's page. */
export const newQuoteToken = () => randomBytes(24).toString('base64url');

/** Changes with every write to the estimate: an answer names the revision the customer saw. */
export const revisionOf = (row: EstimateRow) => `${row.version}-${row.updatedAt.getTime()}`;

const isAwaiting = (status: string) => (AWAITING_ANSWER_STATUSES as readonly string[]).includes(status);

/** Whether the quote's valid-until date has passed (it is valid through that day's end, UTC). */
export function pastValidity(row: Pick<EstimateRow, 'validUntil'>, now: Date): boolean {
  if (!row.validUntil) return false;
  const end = new Date(row.validUntil);
  end.setUTCHours(23, 59, 59, 999);
  return end.getTime() < now.getTime();
}

/** The status the customer sees: an unanswered quote past its date is expired even before the job marks it. */
export function effectiveStatus(row: EstimateRow, now: Date): EstimateStatus {
  if (isAwaiting(row.status) && pastValidity(row, now)) return 'expired';
  return row.status as EstimateStatus;
}

/** The deposit of the estimate's current total, what was paid and what is left; null without a deposit. */
export function depositOf(row: EstimateRow, paidCents: number): { type: DepositType; value: string; amountCents: number; paidCents: number; dueCents: number } | null {
  if (!row.depositType || !row.depositValue) return null;
  const amountCents = depositCents(toCents(row.total), row.depositType, row.depositValue);
  return { type: row.depositType, value: row.depositValue, amountCents, paidCents, dueCents: Math.max(0, amountCents - paidCents) };
}

/** The estimate behind a token, locked for the answer's transaction when `lock`. */
export async function estimateByToken(db: DbOrTx, token: string, lock = false): Promise<EstimateRow> {
  const query = db.select().from(estimates).where(eq(estimates.approvalToken, token)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (row) return row;
  const [replaced] = await db
    .select({ organizationId: estimateVersions.organizationId })
    .from(estimateVersions)
    .where(eq(estimateVersions.approvalToken, token))
    .limit(1);
  if (replaced) throw conflict(`This ${await quoteWord(db, replaced.organizationId)} was replaced by a newer version. Please use the link in our latest message.`);
  throw notFound(QUOTE_NOT_FOUND);
}

/**
 * 409 unless the customer can still answer the revision they saw. `word` is the organization's word in lower case
 * ("quote", "treatment plan"; docs/rules/quote-approval.md#answers).
 */
export function assertCanAnswer(row: EstimateRow, revision: string, now: Date, word: string): void {
  const status = effectiveStatus(row, now);
  if (status === 'approved' || status === 'converted') throw conflict(`This ${word} has already been approved.`);
  if (status === 'declined') throw conflict(`This ${word} has been declined.`);
  if (status === 'expired') throw conflict(`This ${word} expired${row.validUntil ? ` on ${formatDate(row.validUntil)}` : ''}. Please contact us for a new one.`);
  if (!isAwaiting(status)) throw conflict(`This ${word} is no longer open for answers.`);
  if (revision !== revisionOf(row)) throw conflict(`This ${word} changed since you opened it. Reload the page to see the latest version.`);
}

/** The organization's word for an estimate, as a sentence uses it ("service quote", "treatment plan"). */
export async function quoteWord(db: DbOrTx, organizationId: number): Promise<string> {
  return recordWord((await loadBusiness(db, organizationId)).labels, 'estimates').lower;
}

export async function publicQuote(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, row: EstimateRow, now = new Date()): Promise<PublicQuote> {
  const org = row.organizationId;
  const [business, lines, [customer], [approval], paidCents, [invoiced], mode] = await runAll(
    db,
    () => loadBusiness(db, org),
    () =>
      db
        .select()
        .from(estimateLineItems)
        .where(and(eq(estimateLineItems.organizationId, org), eq(estimateLineItems.estimateId, row.id)))
        .orderBy(asc(estimateLineItems.sortOrder), asc(estimateLineItems.id)),
    () => db.select({ name: customers.name }).from(customers).where(and(eq(customers.organizationId, org), eq(customers.id, row.customerId))),
    () =>
      db
        .select({ signerName: estimateResponses.signerName, createdAt: estimateResponses.createdAt, total: estimateResponses.total })
        .from(estimateResponses)
        .where(and(eq(estimateResponses.organizationId, org), eq(estimateResponses.estimateId, row.id), eq(estimateResponses.version, row.version), eq(estimateResponses.kind, 'approved')))
        .orderBy(desc(estimateResponses.id))
        .limit(1),
    () => depositPaidCents(db, org, row.id),
    () => db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.organizationId, org), eq(invoices.estimateId, row.id))).limit(1),
    () => paymentMode(db, config, org),
  );
  const status = effectiveStatus(row, now);
  const deposit = depositOf(row, paidCents);
  return {
    organization: { name: business.name, logo: business.logo, phone: business.phone, email: business.email },
    word: recordWord(business.labels, 'estimates').title,
    estimateNumber: row.estimateNumber,
    version: row.version,
    title: row.title,
    description: row.description,
    customerName: customer?.name ?? null,
    status,
    lineItems: lines.map((l) => ({
      id: l.id,
      description: l.description,
      quantity: l.quantity,
      rate: l.rate,
      amount: l.amount,
      discountType: l.discountType,
      discountValue: l.discountValue,
      discount: l.discount,
      taxRates: l.taxRates,
      optional: l.optional,
      selected: l.selected,
    })),
    subtotal: row.subtotal,
    tax: row.tax ?? '0.00',
    total: row.total,
    ...documentPricingOf(row),
    validUntil: row.validUntil?.toISOString() ?? null,
    terms: row.terms,
    deposit: deposit && {
      type: deposit.type,
      value: deposit.value,
      amount: fromCents(deposit.amountCents),
      paid: fromCents(deposit.paidCents),
      due: fromCents(deposit.dueCents),
    },
    // Once the quote is an invoice, its deposit is part of that invoice's balance: paid there (start-deposit.ts).
    canPayDeposit: deposit !== null && deposit.dueCents > 0 && (status === 'approved' || status === 'converted') && !invoiced,
    testMode: mode.testMode,
    canRespond: isAwaiting(status),
    approval: approval ? { signerName: approval.signerName ?? '', signedAt: approval.createdAt.toISOString(), total: approval.total ?? row.total } : null,
    revision: revisionOf(row),
  };
}
