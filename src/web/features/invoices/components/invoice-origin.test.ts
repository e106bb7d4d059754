import { describe, expect, it } from 'vitest';
import { autoPayText } from '@/features/invoices/components/invoice-origin';
import { reminderOutcome } from '@/features/invoices/components/invoice-reminders';

const origin = (autoPayState: Parameters<typeof autoPayText>[0]['autoPayState'], autoPayNote: string | null = null) => ({ recurringInvoiceId: null, recurringDate: null, autoPayState, autoPayNote });

describe("the invoice dialog's auto-pay line (docs/rules/money-and-payments.md#auto-pay)", () => {
  it('says what became of the charge, in the server words where it gave some', () => {
    expect(autoPayText(origin(null))).toBeNull();
    expect(autoPayText(origin('charged', 'Charged $90.31 to the visa ending 4242'))).toBe('Charged $90.31 to the visa ending 4242');
    expect(autoPayText(origin('declined', 'Your card was declined.'))).toBe('Declined: Your card was declined.');
    expect(autoPayText(origin('no_card', 'No saved card'))).toBe('Not charged: No saved card');
    expect(autoPayText(origin('due'))).toBe('Waiting to charge');
    expect(autoPayText(origin('due', 'Processor unavailable'))).toBe('Waiting to charge (last try: Processor unavailable)');
  });
});

describe("the invoice dialog's reminders (docs/rules/money-and-payments.md#payment-reminders)", () => {
  const at = '2025-05-12T13:00:00.000Z';
  it('words each outcome with its date', () => {
    expect(reminderOutcome({ status: 'sent', recipient: 'pat@example.com', sentAt: at, dueAt: at, note: null })).toBe('Sent to pat@example.com on May 12, 2025');
    expect(reminderOutcome({ status: 'skipped', recipient: null, sentAt: null, dueAt: at, note: 'Paid' })).toBe('Skipped: Paid');
    expect(reminderOutcome({ status: 'failed', recipient: null, sentAt: null, dueAt: at, note: 'Mailbox unavailable' })).toBe('Failed: Mailbox unavailable');
    expect(reminderOutcome({ status: 'pending', recipient: null, sentAt: null, dueAt: at, note: null })).toBe('Scheduled for May 12, 2025');
  });
});
