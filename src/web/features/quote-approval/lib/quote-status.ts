// What the customer's page says about a quote's state: the badge, and which panel explains an answer or why the quote
// can no longer be answered online.
import type { EstimateStatus, PublicQuote } from '@contracts/estimates';

const AWAITING = { label: 'Awaiting approval', className: 'bg-amber-100 text-amber-900' };

/** The badge, in the customer's words (sent and viewed both wait for them). */
export const QUOTE_BADGES: Record<EstimateStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700' },
  sent: AWAITING,
  viewed: AWAITING,
  approved: { label: 'Approved', className: 'bg-emerald-100 text-emerald-800' },
  declined: { label: 'Declined', className: 'bg-red-100 text-red-800' },
  changes_requested: { label: 'Changes requested', className: 'bg-violet-100 text-violet-800' },
  expired: { label: 'Expired', className: 'bg-gray-200 text-gray-700' },
  converted: { label: 'Approved', className: 'bg-emerald-100 text-emerald-800' },
};

export type QuoteState =
  | { kind: 'approved'; signerName: string | null; signedAt: string | null; total: string }
  | { kind: 'declined' }
  | { kind: 'changes_requested' }
  | { kind: 'expired'; on: string | null }
  | { kind: 'closed' }
  | { kind: 'open' };

type StateInput = Pick<PublicQuote, 'status' | 'canRespond' | 'approval' | 'validUntil' | 'total'>;

/**
 * The panel shown above the quote: its approval, its answer, or why it cannot be answered; `open` when the customer
 * can answer and has not (a request for changes stays answerable, and says so above the actions).
 */
export function quoteState(quote: StateInput, now = new Date()): QuoteState {
  if (quote.approval) return { kind: 'approved', signerName: quote.approval.signerName, signedAt: quote.approval.signedAt, total: quote.approval.total };
  if (quote.status === 'approved' || quote.status === 'converted') return { kind: 'approved', signerName: null, signedAt: null, total: quote.total };
  if (quote.status === 'declined') return { kind: 'declined' };
  if (quote.status === 'changes_requested') return { kind: 'changes_requested' };
  if (quote.canRespond) return { kind: 'open' };
  const lapsed = quote.validUntil !== null && new Date(quote.validUntil).getTime() < now.getTime();
  if (quote.status === 'expired' || lapsed) return { kind: 'expired', on: quote.validUntil };
  return { kind: 'closed' };
}
