import { describe, expect, it } from 'vitest';
import {
  AGING_BUCKET_VIEWS,
  avgPaymentTimeCaption,
  avgPaymentTimeValue,
  correctionsNote,
  overdueCaption,
  publicLinkAttemptsNote,
  shareOf,
  successRateCaption,
  successRateValue,
} from './analytics-display';
import { owedCaption } from '@/lib/owed-caption';
import { invitesToast, portalToast, remindersToast } from './action-messages';

describe('payment analytics display', () => {
  it('labels the five aging buckets as documented, in order', () => {
    expect(AGING_BUCKET_VIEWS.map((b) => [b.key, b.label])).toEqual([
      ['current', 'Current (0-30 days)'],
      ['days30', '31-60 days'],
      ['days60', '61-90 days'],
      ['days90', '91-120 days'],
      ['over90', 'Over 120 days'],
    ]);
  });

  it('writes the average payment time with the real comparison, or a dash and the reason', () => {
    expect(avgPaymentTimeValue(null)).toBe('—');
    expect(avgPaymentTimeValue(22.5)).toBe('22.5 days');
    expect(avgPaymentTimeValue(1)).toBe('1 day');
    expect(avgPaymentTimeCaption({ days: null, previousDays: 30, changeDays: null })).toBe('No payments in the last 90 days');
    expect(avgPaymentTimeCaption({ days: 20, previousDays: null, changeDays: null })).toBe('No payments in the previous 90 days to compare');
    expect(avgPaymentTimeCaption({ days: 20, previousDays: 22.5, changeDays: -2.5 })).toBe('2.5 days faster than the previous 90 days');
    expect(avgPaymentTimeCaption({ days: 21, previousDays: 20, changeDays: 1 })).toBe('1 day slower than the previous 90 days');
    expect(avgPaymentTimeCaption({ days: 20, previousDays: 20, changeDays: 0 })).toBe('Same as the previous 90 days');
  });

  it('writes the success rate with signed points against the previous 90 days', () => {
    expect(successRateValue(null)).toBe('—');
    expect(successRateValue(87.5)).toBe('87.5%');
    expect(successRateCaption({ percent: null, previousPercent: null, changePoints: null })).toBe('No payments in the last 90 days');
    expect(successRateCaption({ percent: 75, previousPercent: null, changePoints: null })).toBe('No payments in the previous 90 days to compare');
    expect(successRateCaption({ percent: 90, previousPercent: 87, changePoints: 3 })).toBe('+3 points vs previous 90 days');
    expect(successRateCaption({ percent: 85.5, previousPercent: 87, changePoints: -1.5 })).toBe('-1.5 points vs previous 90 days');
    expect(successRateCaption({ percent: 80, previousPercent: 79, changePoints: 1 })).toBe('+1 point vs previous 90 days');
    expect(successRateCaption({ percent: 80, previousPercent: 80, changePoints: 0 })).toBe('0 points vs previous 90 days');
  });

  it('shows public link attempts apart from the success rate', () => {
    expect(publicLinkAttemptsNote({ succeeded: 1, attempted: 31 })).toBe('Public link attempts: 1 of 31 succeeded');
    expect(publicLinkAttemptsNote({ succeeded: 0, attempted: 1200 })).toBe('Public link attempts: 0 of 1,200 succeeded');
    expect(publicLinkAttemptsNote({ succeeded: 0, attempted: 0 })).toBe('No public link attempts in the last 90 days');
  });

  it('counts invoices in the card captions and computes bar widths', () => {
    const general = { invoices: 'Invoices' };
    expect(owedCaption(3, general)).toBe('Balance due on 3 unpaid invoices');
    expect(owedCaption(1, general)).toBe('Balance due on 1 unpaid invoice');
    expect(owedCaption(2, { invoices: 'Medical Bills' })).toBe('Balance due on 2 unpaid medical bills');
    expect(overdueCaption(2, general)).toBe('Balance due on 2 invoices over 30 days past due');
    expect(overdueCaption(1, { invoices: 'Service Bills' })).toBe('Balance due on 1 service bill over 30 days past due');
    expect(shareOf(1, 3)).toBe(33);
    expect(shareOf(0, 0)).toBe(0);
  });
});

describe('recommended action toasts', () => {
  it('say how many went out, were skipped or failed', () => {
    expect(remindersToast({ sent: 5, skippedWithoutEmail: 0, skippedRecent: 2, failed: 0 })).toEqual({
      title: 'Reminders sent',
      description: 'Sent 5 reminders, 2 skipped (reminded within 24 hours).',
    });
    expect(remindersToast({ sent: 2, skippedWithoutEmail: 1, skippedRecent: 0, failed: 0 }).description).toBe('Sent 2 reminders, 1 skipped (no email address).');
    expect(remindersToast({ sent: 0, skippedWithoutEmail: 0, skippedRecent: 0, failed: 1 })).toEqual({
      title: 'Reminders not sent',
      description: 'Sent 0 reminders, 1 could not be sent.',
      variant: 'destructive',
    });
    expect(remindersToast({ sent: 0, skippedWithoutEmail: 0, skippedRecent: 3, failed: 0 })).toEqual({
      title: 'No reminders sent',
      description: 'Sent 0 reminders, 3 skipped (reminded within 24 hours).',
    });
    expect(portalToast({ updated: 4 }).description).toBe('Portal access turned on for 4 customers.');
    expect(invitesToast({ sent: 1, skippedWithoutEmail: 0, skippedRecent: 1, failed: 0 }).description).toBe('Sent 1 auto-pay invitation, 1 skipped (invited within 24 hours).');
  });
});

describe('correctionsNote', () => {
  it('counts refunds and credit notes of the last 90 days with their totals, in the singular for one', () => {
    expect(correctionsNote({ refunds: { count: 2, total: '75.00' }, creditNotes: { count: 1, total: '15.00' } })).toBe(
      'Last 90 days: 2 refunds ($75.00) · 1 credit note ($15.00)',
    );
    expect(correctionsNote({ refunds: { count: 0, total: '0.00' }, creditNotes: { count: 0, total: '0.00' } })).toBe('No refunds or credit notes in the last 90 days');
  });
});
