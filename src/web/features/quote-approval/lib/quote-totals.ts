// The totals the customer sees while ticking optional items: priced by the contract's priceDocument (an optional line
// counts only while ticked, countsInTotal) with the quote's discount, tax rates, rounding and exemption, in cents, so
// the page says what the server will store (docs/rules/money-and-payments.md#taxes-and-discounts).
import type { PublicQuote } from '@contracts/estimates';
import { priceDocument } from '@contracts/line-items';
import { fromCents } from '@contracts/money';
import { figuresOfAnswer, figuresOfPriced, type DocumentFigures } from '@/lib/document-pricing';

type QuoteToPrice = Pick<PublicQuote, 'discountType' | 'discountValue' | 'pricesIncludeTax' | 'taxRounding' | 'taxExempt' | 'tax'> & {
  lineItems: readonly Pick<PublicQuote['lineItems'][number], 'id' | 'description' | 'quantity' | 'rate' | 'optional' | 'discountType' | 'discountValue' | 'taxRates'>[];
};

export interface QuoteTotals {
  figures: DocumentFigures;
  /** The total as the API carries it ("1234.50"): the deposit and the approval are worked out on it. */
  total: string;
}

/**
 * Every required line and the optional ones ticked, each less its discount, then the quote's discount and its taxes.
 * Without any rate on a line, the quote's tax is the one typed by hand and stays as it is.
 */
export function quoteTotals(quote: QuoteToPrice, selectedOptionalIds: readonly number[]): QuoteTotals {
  const ticked = new Set(selectedOptionalIds);
  const priced = priceDocument({
    lines: quote.lineItems.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      rate: line.rate,
      optional: line.optional,
      selected: line.optional && ticked.has(line.id),
      discountType: line.discountType,
      discountValue: line.discountValue,
      taxRates: line.taxRates,
    })),
    discountType: quote.discountType,
    discountValue: quote.discountValue,
    manualTax: quote.tax,
    pricesIncludeTax: quote.pricesIncludeTax,
    taxRounding: quote.taxRounding,
    taxExempt: quote.taxExempt,
  });
  return { figures: figuresOfPriced(priced, quote, quote.taxExempt), total: fromCents(priced.totalCents) };
}

/** The figures the server stored: once the customer has answered, the page shows them as they are. */
export const storedQuoteTotals = (quote: PublicQuote): QuoteTotals => ({ figures: figuresOfAnswer(quote), total: quote.total });

/** The optional items the quote arrives with ticked (the business may have ticked some for the customer). */
export const initiallySelected = (lines: readonly { id: number; optional: boolean; selected: boolean }[]) =>
  lines.filter((line) => line.optional && line.selected).map((line) => line.id);
