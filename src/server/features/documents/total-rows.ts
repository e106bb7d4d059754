// The figures a priced document prints above its total, the same on PDFs and e-mails
// (docs/rules/money-and-payments.md#taxes-and-discounts): subtotal, the document discount, then tax per rate (or the
// one hand-typed tax); with prices that include tax, the taxes follow the total as what it includes.
import type { PricedLineItem } from '../../../contracts/line-items';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';

interface PricedFigures {
  subtotal: string;
  tax: string | null;
  discount: string;
  discountType: 'percent' | 'amount' | null;
  discountValue: string | null;
  taxes: { name: string; percent: string; amount: string }[];
  pricesIncludeTax: boolean;
  taxExempt: boolean;
}

export interface TotalRow {
  label: string;
  value: string;
}

const percentLabel = (value: string | null) => `${Number(value ?? 0)} %`;

/** The rows before the total. */
export function rowsBeforeTotal(doc: PricedFigures): TotalRow[] {
  const rows: TotalRow[] = [{ label: 'Subtotal', value: formatMoney(doc.subtotal) }];
  if (toCents(doc.discount) > 0) {
    rows.push({ label: doc.discountType === 'percent' ? `Discount (${percentLabel(doc.discountValue)})` : 'Discount', value: `-${formatMoney(doc.discount)}` });
  }
  if (doc.taxExempt) rows.push({ label: 'Tax (exempt)', value: formatMoney(0) });
  else if (doc.taxes.length === 0) rows.push({ label: 'Tax', value: formatMoney(doc.tax) });
  else if (!doc.pricesIncludeTax) rows.push(...doc.taxes.map((t) => ({ label: `${t.name} ${t.percent} %`, value: formatMoney(t.amount) })));
  return rows;
}

/** The rows after the total: the taxes it includes, when prices include tax. */
export function rowsAfterTotal(doc: PricedFigures): TotalRow[] {
  if (doc.taxExempt || doc.taxes.length === 0 || !doc.pricesIncludeTax) return [];
  return doc.taxes.map((t) => ({ label: `Includes ${t.name} ${t.percent} %`, value: formatMoney(t.amount) }));
}

/** A line's description with its discount and tax rates, and its amount after the discount. */
export function pricedLineText(l: Pick<PricedLineItem, 'description' | 'amount' | 'discount' | 'discountType' | 'discountValue' | 'taxRates'>): {
  description: string;
  amount: string;
} {
  const notes: string[] = [];
  if (toCents(l.discount) > 0) {
    notes.push(`Discount${l.discountType === 'percent' ? ` ${percentLabel(l.discountValue)}` : ''}: -${formatMoney(l.discount)}`);
  }
  if (l.taxRates.length > 0) notes.push(`Tax: ${l.taxRates.map((r) => `${r.name} ${r.percent} %`).join(', ')}`);
  return {
    description: notes.length > 0 ? `${l.description}\n${notes.join(' · ')}` : l.description,
    amount: formatMoney(fromCents(toCents(l.amount) - toCents(l.discount))),
  };
}
