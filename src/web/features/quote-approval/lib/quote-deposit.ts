// What the quote page says about a deposit (docs/rules/quote-approval.md#deposits). The page receives the quote's
// deposit rule (percent or fixed, and its value), so it works the deposit out with the server's own depositCents on
// the total the customer's ticks make, to the cent.
import { depositCents, type PublicQuote } from '@contracts/estimates';
import { formatMoney, fromCents, toCents } from '@contracts/money';

type Deposit = NonNullable<PublicQuote['deposit']>;

/** The deposit due on approval on the total the ticks make now. */
export interface LiveDeposit {
  amount: string;
}

/** The deposit on `liveTotal` (the customer's ticks); null without a deposit. */
export function liveDeposit({ deposit, liveTotal }: { deposit: Deposit | null; liveTotal: string }): LiveDeposit | null {
  if (!deposit) return null;
  return { amount: fromCents(depositCents(toCents(liveTotal), deposit.type, deposit.value)) };
}

/** The row under the total: `label` and `value` as the page shows them; `figure` false when the value is words. */
export interface DepositRow {
  label: string;
  value: string;
  figure: boolean;
}

/**
 * Before approval "Deposit due on approval: $X" on the live total; once approved "Deposit: $amount · paid $paid"; on a quote no longer open (declined, expired) the deposit
 * it asked. Null without a deposit.
 */
export function depositRow(quote: Pick<PublicQuote, 'deposit' | 'status' | 'canRespond' | 'approval'>, live: LiveDeposit | null): DepositRow | null {
  const { deposit } = quote;
  if (!deposit) return null;
  if (quote.approval || quote.status === 'approved' || quote.status === 'converted') {
    return { label: 'Deposit', value: `${formatMoney(deposit.amount)} · paid ${formatMoney(deposit.paid)}`, figure: true };
  }
  if (quote.canRespond) return { label: 'Deposit due on approval', value: formatMoney(live ? live.amount : deposit.amount), figure: true };
  return { label: 'Deposit due on approval', value: formatMoney(deposit.amount), figure: true };
}

/** Approved, with nothing left of the deposit to pay: the page thanks the customer for it. */
export function depositSettled(quote: Pick<PublicQuote, 'deposit' | 'status' | 'canPayDeposit'>): boolean {
  const { deposit } = quote;
  if (!deposit || quote.canPayDeposit) return false;
  if (quote.status !== 'approved' && quote.status !== 'converted') return false;
  return toCents(deposit.due) === 0 && toCents(deposit.paid) > 0;
}
