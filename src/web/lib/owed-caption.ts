// The line under every figure of money owed, so the dashboard's Pending card and Payment Analytics' Outstanding
// Balance say alike what they count (docs/decisions/017-money-figures.md): "Balance due on 12 unpaid invoices",
// in the organization's words ("… 12 unpaid service bills").
import { singular, type LabelSet } from '@contracts/vocabulary';

const number = new Intl.NumberFormat('en-US');

/** "12 unpaid invoices", "1 unpaid medical bill". */
export function unpaidCount(count: number, labels: Pick<LabelSet, 'invoices'>): string {
  const word = count === 1 ? singular(labels.invoices) : labels.invoices;
  return `${number.format(count)} unpaid ${word.toLowerCase()}`;
}

/** "Balance due on 12 unpaid invoices". */
export function owedCaption(count: number, labels: Pick<LabelSet, 'invoices'>): string {
  return `Balance due on ${unpaidCount(count, labels)}`;
}
