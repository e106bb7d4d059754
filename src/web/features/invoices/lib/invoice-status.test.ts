import { describe, expect, it } from 'vitest';
import { displayStatus } from './invoice-status';

describe('invoice status shown in the list', () => {
  it('shows Overdue for an unpaid invoice past its due date', () => {
    expect(displayStatus({ status: 'sent', isOverdue: true })).toBe('overdue');
    expect(displayStatus({ status: 'draft', isOverdue: true })).toBe('overdue');
  });

  it('keeps the stored status otherwise', () => {
    expect(displayStatus({ status: 'paid', isOverdue: true })).toBe('paid');
    expect(displayStatus({ status: 'sent', isOverdue: false })).toBe('sent');
  });
});
