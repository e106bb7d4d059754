// The totals the customer sees while ticking optional items: priced by the contract's priceLineItems (an optional line
// counts only while ticked, countsInTotal), in cents, so the page says what the server will store.
import type { PublicQuote } from '@contracts/estimates';
import { priceLineItems } from '@contracts/line-items';
import { fromCents, toCents } from '@contracts/money';

type QuoteLine = Pick<PublicQuote['lineItems'][number], 'id' | 'description' | 'quantity' | 'rate' | 'optional'>;

export interface QuoteTotals {
  subtotal: string;
  tax: string;
  total: string;
}

/** Subtotal of the lines that count (every required line, and the optional ones ticked), plus the quote's tax. */
export function quoteTotals(lines: readonly QuoteLine[], selectedOptionalIds: readonly number[], tax: string): QuoteTotals {
  const ticked = new Set(selectedOptionalIds);
  const { subtotalCents } = priceLineItems(
    lines.map((line) => ({ description: line.description, quantity: line.quantity, rate: line.rate, optional: line.optional, selected: line.optional && ticked.has(line.id) })),
  );
  const taxCents = toCents(tax);
  return { subtotal: fromCents(subtotalCents), tax: fromCents(taxCents), total: fromCents(subtotalCents + taxCents) };
}

/** The optional items the quote arrives with ticked (the business may have ticked some for the customer). */
export const initiallySelected = (lines: readonly { id: number; optional: boolean; selected: boolean }[]) =>
  lines.filter((line) => line.optional && line.selected).map((line) => line.id);
