// What the Payment Analytics screen writes: card values and captions, bucket labels (the buckets' sums come from the server). Real
// figures only (docs/rules/money-and-payments.md#payment-analytics): a missing figure is '—' with the reason, never a placeholder number.
import { formatMoney } from '@contracts/money';
import type { AgingBucket, PaymentAnalytics } from '@contracts/payment-analytics';
import { singular, type LabelSet } from '@contracts/vocabulary';

export const NO_FIGURE = '—';
export const NO_RECENT_PAYMENTS = 'No payments in the last 90 days';
export const NO_PREVIOUS_PAYMENTS = 'No payments in the previous 90 days to compare';

/** The aging buckets (docs/rules/money-and-payments.md#payment-analytics), coloured from green (current) to dark red (over 120 days). */
export const AGING_BUCKET_VIEWS: readonly { key: AgingBucket; label: string; tone: string }[] = [
  { key: 'current', label: 'Current (0-30 days)', tone: 'border-l-green-600 bg-green-50 text-green-900' },
  { key: 'days30', label: '31-60 days', tone: 'border-l-yellow-500 bg-yellow-50 text-yellow-900' },
  { key: 'days60', label: '61-90 days', tone: 'border-l-orange-500 bg-orange-50 text-orange-900' },
  { key: 'days90', label: '91-120 days', tone: 'border-l-red-500 bg-red-50 text-red-900' },
  { key: 'over90', label: 'Over 120 days', tone: 'border-l-red-900 bg-red-100 text-red-950' },
];

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '1 invoice', '3 invoices'. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${number.format(n)} ${n === 1 ? singular : plural}`;
}

/** "3 invoices", "1 medical bill": a count of records in the organization's words. */
export function recordCount(count: number, label: string): string {
  return countOf(count, singular(label).toLowerCase(), label.toLowerCase());
}

/** "Balance due on 4 invoices over 30 days past due", in the organization's words. */
export function overdueCaption(count: number, labels: Pick<LabelSet, 'invoices'>): string {
  return `Balance due on ${recordCount(count, labels.invoices)} over 30 days past due`;
}

export function avgPaymentTimeValue(days: number | null): string {
  return days === null ? NO_FIGURE : countOf(days, 'day');
}

/** '2.5 days faster than the previous 90 days', '1 day slower than the previous 90 days'. */
export function avgPaymentTimeCaption({ days, changeDays }: PaymentAnalytics['avgPaymentTime']): string {
  if (days === null) return NO_RECENT_PAYMENTS;
  if (changeDays === null) return NO_PREVIOUS_PAYMENTS;
  if (changeDays === 0) return 'Same as the previous 90 days';
  return `${countOf(Math.abs(changeDays), 'day')} ${changeDays < 0 ? 'faster' : 'slower'} than the previous 90 days`;
}

export function successRateValue(percent: number | null): string {
  return percent === null ? NO_FIGURE : `${number.format(percent)}%`;
}

/** '+3 points vs previous 90 days', '-1.5 points vs previous 90 days'. */
export function successRateCaption({ percent, changePoints }: PaymentAnalytics['successRate']): string {
  if (percent === null) return NO_RECENT_PAYMENTS;
  if (changePoints === null) return NO_PREVIOUS_PAYMENTS;
  const sign = changePoints > 0 ? '+' : changePoints < 0 ? '-' : '';
  return `${sign}${countOf(Math.abs(changePoints), 'point')} vs previous 90 days`;
}

/**
 * The success rate counts staff and portal payments; anonymous attempts through public payment links are shown
 * apart under it: 'Public link attempts: 1 of 31 succeeded'.
 */
export function publicLinkAttemptsNote({ succeeded, attempted }: PaymentAnalytics['publicLinkAttempts']): string {
  if (attempted === 0) return 'No public link attempts in the last 90 days';
  return `Public link attempts: ${number.format(succeeded)} of ${number.format(attempted)} succeeded`;
}

/** "Last 90 days: 2 refunds ($75.00) · 1 credit note ($15.00)", or that there were none. */
export function correctionsNote({ refunds, creditNotes }: PaymentAnalytics['corrections']): string {
  if (refunds.count === 0 && creditNotes.count === 0) return 'No refunds or credit notes in the last 90 days';
  const part = (n: number, one: string, total: string) => `${number.format(n)} ${n === 1 ? one : `${one}s`} (${formatMoney(total)})`;
  return `Last 90 days: ${part(refunds.count, 'refund', refunds.total)} · ${part(creditNotes.count, 'credit note', creditNotes.total)}`;
}

/** The deposits held on quotes not yet invoiced (docs/rules/quote-approval.md#deposits). */
export function depositsHeldNote({ total, count }: PaymentAnalytics['depositsHeld']): string {
  if (count === 0) return 'No deposits held on quotes';
  return `Deposits held: ${formatMoney(total)} on ${number.format(count)} ${count === 1 ? 'quote' : 'quotes'} not yet invoiced`;
}

/** What chasing collected in 90 days (docs/rules/money-and-payments.md#payment-reminders), or that nothing was chased. */
export function reminderResultsNote({ collected, remindersSent, lateFees, autoPay }: PaymentAnalytics['reminderResults']): string {
  const parts: string[] = [];
  if (remindersSent > 0 || collected.count > 0) {
    parts.push(
      `${number.format(remindersSent)} automatic ${remindersSent === 1 ? 'reminder' : 'reminders'} sent; ${formatMoney(collected.total)} paid on ${number.format(collected.count)} ${collected.count === 1 ? 'invoice' : 'invoices'} after a reminder`,
    );
  }
  if (lateFees.count > 0) parts.push(`late fees ${formatMoney(lateFees.total)}`);
  if (autoPay.count > 0) parts.push(`auto-pay ${formatMoney(autoPay.total)} (${number.format(autoPay.count)})`);
  return parts.length === 0 ? 'No reminders, late fees or auto-pay charges in the last 90 days' : `Last 90 days: ${parts.join(' · ')}`;
}

/** Whole percent of the part in the whole, for the distribution bars; 0 without a whole. */
export function shareOf(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part * 100) / whole);
}
